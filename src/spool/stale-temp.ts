import { readdirSync, readFileSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { spoolDir, type Logger } from '../config/index.ts';
import { parseSpoolEvent } from './event.ts';

/** How old a temp file must be before it counts as abandoned: a write takes milliseconds. */
export const STALE_TEMP_MS = 60_000;

/** `<event file>.<unique id>.tmp`, as writeFileAtomic names its temp file. */
const TEMP_NAME = /^(.+\.json)\.[^.]+\.tmp$/;

/** What one sweep did. */
export interface SweptTemps {
  recovered: number;
  removed: number;
}

/**
 * Cleans up after interrupted spool writes (issue 12): a hook killed between write and rename
 * leaves a complete event in its temp file, which is renamed into place so it is ingested; a
 * full disk leaves an empty or cut-short one, which is removed. Only files older than
 * `STALE_TEMP_MS` are touched, so a write in flight is never disturbed.
 */
export function sweepStaleTemps(dataDir: string, log: Logger, now = Date.now()): SweptTemps {
  const swept: SweptTemps = { recovered: 0, removed: 0 };
  let names: string[];
  try {
    names = readdirSync(spoolDir(dataDir));
  } catch {
    return swept;
  }
  for (const name of names) {
    const target = TEMP_NAME.exec(name)?.[1];
    if (target === undefined) continue;
    const outcome = sweepOne(join(spoolDir(dataDir), name), join(spoolDir(dataDir), target), now);
    if (outcome === undefined) continue;
    swept[outcome] += 1;
    log.log(
      outcome === 'recovered' ? 'info' : 'warn',
      outcome === 'recovered'
        ? 'recovered a complete spool temp file left by an interrupted hook'
        : 'removed an empty or incomplete spool temp file left by a failed write',
      { file: name },
    );
  }
  return swept;
}

function sweepOne(temp: string, target: string, now: number): keyof SweptTemps | undefined {
  try {
    if (now - statSync(temp).mtimeMs < STALE_TEMP_MS) return undefined;
    if (parseSpoolEvent(readFileSync(temp, 'utf8')).ok) {
      renameSync(temp, target);
      return 'recovered';
    }
    unlinkSync(temp);
    return 'removed';
  } catch {
    return undefined; // Gone meanwhile, or unreadable: the next sweep sees it again.
  }
}
