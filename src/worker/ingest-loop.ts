import { watch, type FSWatcher } from 'node:fs';
import type { Logger } from '../config/index.ts';
import { spoolDir } from '../config/index.ts';
import type { Db } from '../store/index.ts';
import type { Applied } from './apply-event.ts';
import { ingestAll } from './ingest.ts';

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
 * overlap; a kick during a pass schedules one more.
 */
export function startIngestLoop(options: {
  dataDir: string;
  db: Db;
  log: Logger;
  onApplied: (applied: Applied[]) => void;
  intervalMs?: number;
}): IngestLoop {
  const { dataDir, db, log } = options;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const pass = (): void => {
    try {
      const result = ingestAll(dataDir, db, log);
      if (result.applied.length > 0) options.onApplied(result.applied);
    } catch (error) {
      log.log('warn', `ingest pass failed, will retry: ${String(error)}`);
    }
  };
  const kick = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      pass();
      running = undefined;
      if (again) {
        again = false;
        kick();
      }
    });
  };
  const watcher = tryWatch(spoolDir(dataDir), kick, log);
  const timer = setInterval(kick, options.intervalMs ?? 1000);
  kick();
  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      watcher?.close();
      await running;
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
