import { closeSync, openSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { stableHash, stateDir, type Logger } from '../config/index.ts';
import { keepInReserve, recordSpoolError, type SpoolEvent } from '../spool/index.ts';

/** What became of an event the spool could not take. */
export type Fallback = 'reserve' | 'lost';

/**
 * Keeps an event the spool refused (a full disk, lost permissions) in the disk-full reserve the
 * worker prepared; returns 'lost' when that fails too (no free slot, no reserve yet). Either
 * way the failure is recorded for `doctor` and /health (best effort: on a full disk that small
 * write may fail as well).
 */
export function keepElsewhere(
  dataDir: string,
  event: SpoolEvent | undefined,
  error: unknown,
  log: Logger,
  now: number,
): Fallback {
  recordSpoolError(dataDir, error, now);
  if (!event) return 'lost';
  try {
    if (keepInReserve(dataDir, event)) {
      log.log('warn', `${event.kind}: the spool could not be written; kept in the reserve`);
      return 'reserve';
    }
  } catch (reserveError) {
    log.log('error', 'the disk-full reserve could not be written', { error: String(reserveError) });
  }
  return 'lost';
}

const toldFile = (dataDir: string, sessionId: string): string =>
  join(stateDir(dataDir), `disk-full-told-${stableHash(sessionId)}`);

/**
 * Whether to name a lost event to the user in this hook's answer: once per session, marked by
 * an empty file (an inode, no data blocks, so it can usually be made on a full disk). If even
 * that cannot be made, every answer says it: repeated beats silent.
 */
export function shouldTell(dataDir: string, sessionId: string): boolean {
  try {
    closeSync(openSync(toldFile(dataDir, sessionId), 'wx', 0o600));
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'EEXIST';
  }
}

/** After a spool write succeeds: a later failure in this session is told again. */
export function forgetTold(dataDir: string, sessionId: string): void {
  try {
    unlinkSync(toldFile(dataDir, sessionId));
  } catch {
    // None: the common case, one failed syscall.
  }
}

/** The line shown to the user when captured events are being lost. */
export function lostMessage(dataDir: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'an error';
  return `claude-mem: cannot save what this session does (${code} writing ${dataDir}; is the disk full?). Free some space; "claude-mem doctor" checks.`;
}
