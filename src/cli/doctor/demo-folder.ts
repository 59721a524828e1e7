import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { warn, type CheckResult } from './check.ts';

/** The file `claude-mem demo` leaves in its own data folder. */
export const DEMO_MARKER = '.claude-mem-demo';

/** Whether `dataDir` is a folder the demo made. */
export const isDemoFolder = (dataDir: string): boolean => existsSync(join(dataDir, DEMO_MARKER));

/**
 * A failed integration check as a warning on the demo's folder: no Claude Code is meant to be
 * connected to it, so a missing hook there is expected, not a problem.
 */
export function demoExpected(result: CheckResult): CheckResult {
  if (result.ok) return result;
  return warn(result.name, `${result.detail} (expected: this is the demo's data folder)`);
}
