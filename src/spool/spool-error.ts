import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stateDir } from '../config/index.ts';

/** The last failed spool write, as a hook left it for `claude-mem doctor`. */
export interface SpoolWriteError {
  /** When it happened (ms since the epoch). */
  at: number;
  /** The system error code (ENOSPC, EACCES, ...), or UNKNOWN. */
  code: string;
}

/** `state/spool-error`: present while the last spool write of a hook failed. */
export const spoolErrorFile = (dataDir: string): string => join(stateDir(dataDir), 'spool-error');

/**
 * Records that a hook could not write the spool, so `doctor` can say so. Best effort: on a full
 * disk this small write may fail too, and then the log line and doctor's own probe are all
 * there is.
 */
export function recordSpoolError(dataDir: string, error: unknown, at: number): void {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'UNKNOWN';
  try {
    writeFileSync(spoolErrorFile(dataDir), JSON.stringify({ at, code }), { mode: 0o600 });
  } catch {
    // Nowhere to write: see above.
  }
}

/** Clears the record after a successful write: one stat in the common case (no record). */
export function clearSpoolError(dataDir: string): void {
  const file = spoolErrorFile(dataDir);
  if (existsSync(file)) rmSync(file, { force: true });
}

/** The recorded failure, or undefined when the last write succeeded. */
export function readSpoolError(dataDir: string): SpoolWriteError | undefined {
  let text: string;
  try {
    text = readFileSync(spoolErrorFile(dataDir), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const value = JSON.parse(text) as Partial<SpoolWriteError>;
    return { at: Number(value.at), code: String(value.code ?? 'UNKNOWN') };
  } catch {
    return { at: Number.NaN, code: 'UNKNOWN' }; // Cut short by a full disk: still a failure.
  }
}
