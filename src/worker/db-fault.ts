/**
 * SQLite result codes that say the database (or the disk under it) is at fault, not the event
 * being stored: better-sqlite3 reports extended codes (`SQLITE_IOERR_WRITE`,
 * `SQLITE_READONLY_DBMOVED`, ...), so each is matched as a prefix. An event that meets one of
 * these stays in the spool for a later pass; quarantine is for bad files only (issue 12).
 */
const FAULT_CODE =
  /^SQLITE_(CORRUPT|NOTADB|FULL|IOERR|READONLY|CANTOPEN|PERM|NOLFS|PROTOCOL|NOMEM)/;

/**
 * Whether `error` says another connection holds the lock (`SQLITE_BUSY`, `SQLITE_LOCKED` and
 * their extended codes): the work is fine and succeeds once the lock is let go.
 */
export function isBusy(error: unknown): boolean {
  return /^SQLITE_(BUSY|LOCKED)/.test(String((error as { code?: unknown } | null)?.code));
}

/** Whether `error` is a database or disk fault rather than a problem of the data written. */
export function isDbFault(error: unknown): boolean {
  return FAULT_CODE.test(String((error as { code?: unknown } | null)?.code));
}

/** The database fault the worker last met, as /health, status and doctor report it. */
export interface DbFault {
  /** SQLite's code, e.g. SQLITE_CORRUPT or SQLITE_FULL. */
  code: string;
  /** SQLite's message, e.g. "database disk image is malformed". */
  message: string;
  /** When this episode began (ms since the epoch). */
  since: number;
  /** What to do about it, in one sentence. */
  advice: string;
}

const WAITING = 'captured events wait in the spool and are ingested once it is fixed';

/** What to do about a fault with SQLite code `code`. */
export function faultAdvice(code: string): string {
  if (/^SQLITE_(CORRUPT|NOTADB)/.test(code)) {
    return `the database file is damaged: check it with "claude-mem doctor", then rebuild it with "claude-mem doctor --repair --from-backup FILE" or "--from-export FILE"; ${WAITING}`;
  }
  if (code.startsWith('SQLITE_FULL')) {
    return `the disk is full: free some space; ${WAITING}`;
  }
  if (/^SQLITE_(READONLY|CANTOPEN|PERM)/.test(code)) {
    return `the database file cannot be written: check its permissions and the disk, then run "claude-mem doctor"; ${WAITING}`;
  }
  return `the disk reported an error: check it and run "claude-mem doctor"; ${WAITING}`;
}

/** The worker's view of its database's health, shared by the ingest loop and /health. */
export interface DbHealth {
  /** The fault of the current episode, or undefined while the database works. */
  readonly fault: DbFault | undefined;
  /** Records a fault; true when it begins a new episode (or changes its code). */
  report(error: unknown, now?: number): boolean;
  /** Ends the episode after a successful write; true when there was one. */
  clear(): boolean;
}

/** A fresh DbHealth: no fault. */
export function createDbHealth(): DbHealth {
  let fault: DbFault | undefined;
  return {
    get fault() {
      return fault;
    },
    report(error, now = Date.now()) {
      const code = String((error as { code?: unknown } | null)?.code ?? 'SQLITE_ERROR');
      const message = error instanceof Error ? error.message : String(error);
      const isNew = fault?.code !== code;
      fault = {
        code,
        message,
        since: isNew ? now : (fault?.since ?? now),
        advice: faultAdvice(code),
      };
      return isNew;
    },
    clear() {
      const had = fault !== undefined;
      fault = undefined;
      return had;
    },
  };
}
