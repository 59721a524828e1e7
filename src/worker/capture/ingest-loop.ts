import { watch, type FSWatcher } from 'node:fs';
import type { Logger, Settings } from '../../config/index.ts';
import { createPoller, spoolDir } from '../../config/index.ts';
import type { Db } from '../../store/index.ts';
import type { Applied } from './apply-event.ts';
import { createDbHealth, isBusy, isDbFault, type DbHealth } from '../db-fault.ts';
import type { DiskHealth } from '../disk-health.ts';
import { ingestAll } from './ingest.ts';

/**
 * How long an ingest pass waits for the write lock. Short, unlike the connection's 15 s: the
 * wait blocks the event loop, and while another process holds the lock, reads (WAL) can still
 * be answered. The files stay in the spool and the next pass (within a second) tries again.
 */
const INGEST_BUSY_MS = 250;
const LOCKED_MESSAGE =
  'the database is locked by another process; captured events wait in the spool and ingest retries every second';

/** Runs `fn` with the connection's busy timeout set to `ms`, then restores it. */
function withBusyTimeout<T>(db: Db, ms: number, fn: () => T): T {
  const previous = Number(db.pragma('busy_timeout', { simple: true }));
  db.pragma(`busy_timeout = ${ms}`);
  try {
    return fn();
  } finally {
    db.pragma(`busy_timeout = ${previous}`);
  }
}

/** The longest wait between passes while the database is at fault (corrupt, disk full). */
const FAULT_BACKOFF_MAX_MS = 30_000;

/** What the ingest loop works with. */
interface IngestOptions {
  dataDir: string;
  db: Db;
  log: Logger;
  /** Where a database fault is reported for /health (default: a private one). */
  dbHealth?: DbHealth;
  /** Tended before each pass: moves the hooks' disk-full reserve into the spool. */
  diskHealth?: DiskHealth;
  onApplied: (applied: Applied[]) => void;
  intervalMs?: number;
  /** Turns on the recovery of tool events from transcripts at Stop (see recoverTools). */
  settings?: () => Settings;
}

/**
 * One ingest pass: the spool into the database. A locked database is logged once per episode
 * and skipped until the next interval tick. A faulty one (corrupt, disk full, I/O error) is
 * reported to `dbHealth`, logged once per episode, and retried with a growing wait (up to 30 s);
 * the events stay in the spool meanwhile.
 */
function createPass(options: IngestOptions, intervalMs: number): () => void {
  const { dataDir, db, log } = options;
  const dbHealth = options.dbHealth ?? createDbHealth();
  const recovery = options.settings ? { settings: options.settings, log } : undefined;
  let lockedUntil = 0;
  let faultWaitMs = 0;
  const onFault = (error: unknown): void => {
    if (dbHealth.report(error)) {
      const fault = dbHealth.fault;
      log.log(
        'error',
        `ingest stopped by a database fault (${fault?.code}: ${fault?.message}): ${fault?.advice}`,
      );
    }
    faultWaitMs = Math.min(Math.max(faultWaitMs * 2, intervalMs), FAULT_BACKOFF_MAX_MS);
    lockedUntil = Date.now() + faultWaitMs - 50;
  };
  return function ingestPass(): void {
    tendDisk(options);
    if (Date.now() < lockedUntil) return;
    try {
      const result = withBusyTimeout(db, INGEST_BUSY_MS, () =>
        ingestAll(dataDir, db, log, 1000, recovery),
      );
      if (dbHealth.clear()) log.log('info', 'the database works again; ingest resumed');
      else if (lockedUntil > 0) log.log('info', 'the database is writable again; ingest resumed');
      lockedUntil = 0;
      faultWaitMs = 0;
      if (result.applied.length > 0) options.onApplied(result.applied);
    } catch (error) {
      if (isDbFault(error)) return onFault(error);
      if (!isBusy(error)) {
        log.log('warn', `ingest pass failed, will retry: ${String(error)}`);
        return;
      }
      if (lockedUntil === 0) log.log('warn', LOCKED_MESSAGE);
      lockedUntil = Date.now() + intervalMs - 50;
    }
  };
}

/** Tends the disk before a pass; a failure here must not stop ingest of what is spooled. */
function tendDisk(options: IngestOptions): void {
  try {
    const { moved } = options.diskHealth?.tend() ?? { moved: 0 };
    if (moved > 0) {
      options.log.log('warn', `${moved} events came through the disk-full reserve into the spool`);
    }
  } catch (error) {
    options.log.log('warn', `could not tend the disk-full reserve: ${String(error)}`);
  }
}

/** The running spool ingestion. */
export interface IngestLoop {
  /** Ingest now (coalesced with a pass already running). */
  kick(): void;
  /** Stop watching and wait for the pass in flight to commit. */
  stop(): Promise<void>;
}

/**
 * Ingests the spool on start, whenever a file lands in it (fs.watch, the hooks' nudge), and
 * every `intervalMs` as a fallback for file systems where watching is unreliable. Passes never
 * overlap; a kick during a pass schedules one more. While another process holds the write lock,
 * passes give up after INGEST_BUSY_MS and only the interval retries (the watch would otherwise
 * re-try on every captured file and keep the event loop blocked).
 */
export function startIngestLoop(options: IngestOptions): IngestLoop {
  const intervalMs = options.intervalMs ?? 1000;
  const pass = createPass(options, intervalMs);
  // The pass catches its own errors (it backs off by itself on a locked or faulty database);
  // after setImmediate, so that a burst of watch events coalesces into one pass.
  const poller = createPoller({
    run: () => new Promise<void>((resolve) => setImmediate(resolve)).then(pass),
    intervalMs,
    onError: (error) => options.log.log('warn', `ingest pass failed: ${String(error)}`),
  });
  const watcher = tryWatch(spoolDir(options.dataDir), poller.kick, options.log);
  poller.start();
  return {
    kick: poller.kick,
    async stop() {
      watcher?.close();
      await poller.stop();
    },
  };
}

function tryWatch(dir: string, onChange: () => void, log: Logger): FSWatcher | undefined {
  try {
    return watch(dir, { persistent: false }, onChange);
  } catch (error) {
    log.log('warn', `cannot watch the spool, polling only: ${String(error)}`);
    return undefined;
  }
}
