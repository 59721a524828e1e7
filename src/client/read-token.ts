import { readFileSync } from 'node:fs';
import { tokenFile } from '../config/index.ts';

/**
 * The worker token of `dataDir`, or undefined when there is none yet. Read-only and without
 * node:crypto, for the hook bundle (SessionStart asks the worker for context once it runs, and a
 * running worker has made the token).
 */
export function readToken(dataDir: string): string | undefined {
  try {
    return readFileSync(tokenFile(dataDir), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
