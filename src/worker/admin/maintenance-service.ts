import {
  checkpoint,
  mergeFullText,
  optimizeDatabase,
  refreshHorizon,
  WAL_LIMIT_BYTES,
  type Db,
  type HorizonSize,
} from '../../store/index.ts';
import type { WorkerService } from '../service.ts';
import type { WorkerDeps } from '../worker-deps.ts';

/** Overrides for tests. */
export interface MaintenanceOptions {
  /** How often a step runs (a checkpoint always; the rest when idle). */
  intervalMs?: number;
  /** No events stored for this long counts as idle. */
  idleMs?: number;
  /** How often PRAGMA optimize runs (idle permitting). */
  optimizeEveryMs?: number;
  /** WAL size past which an idle checkpoint truncates it. */
  walLimitBytes?: number;
  /** The search horizon's sizes (100,000 rows from 200,000 on). */
  horizon?: HorizonSize;
}

/** What maintenance has done since the worker started (for tests and logs). */
export interface MaintenanceCounts {
  steps: number;
  checkpoints: number;
  merges: number;
  optimizes: number;
  /** Search horizons built (src/store/fulltext/search-horizon.ts). */
  horizons: number;
}

const MINUTE = 60_000;

interface Clock {
  lastWrite: number;
  lastOptimize: number;
}

/**
 * One step: a checkpoint; when idle, the search horizon kept up (a rebuild now and then in a
 * large memory), a bounded FTS merge and (now and then) PRAGMA optimize.
 */
function step(db: Db, now: number, clock: Clock, o: Required<MaintenanceOptions>) {
  const idle = now - clock.lastWrite >= o.idleMs;
  checkpoint(db, idle, o.walLimitBytes);
  if (!idle) return { merged: false, optimized: false, horizon: false };
  const horizon = refreshHorizon(db, o.horizon) === 'rebuilt';
  const merged = mergeFullText(db);
  const optimized = now - clock.lastOptimize >= o.optimizeEveryMs;
  if (optimized) {
    optimizeDatabase(db);
    clock.lastOptimize = now;
  }
  return { merged, optimized, horizon };
}

/**
 * Growth without maintenance by hand: on a timer, a WAL checkpoint that never waits (one that
 * truncates a WAL past 64 MB when idle), and in idle time a bounded merge step of the full-text
 * indexes and, every few hours, PRAGMA optimize (statistics for the query planner). Each step is
 * a few milliseconds of synchronous work, so the event loop stays responsive, but for a rebuild
 * of the search horizon (about 2 s, in a memory past 200,000 observations, after a bulk import or
 * every 50,000 new observations).
 */
export function createMaintenanceService(
  deps: WorkerDeps,
  options: MaintenanceOptions = {},
): WorkerService & { counts(): MaintenanceCounts } {
  const o: Required<MaintenanceOptions> = {
    intervalMs: options.intervalMs ?? 5 * MINUTE,
    idleMs: options.idleMs ?? 2 * MINUTE,
    optimizeEveryMs: options.optimizeEveryMs ?? 6 * 60 * MINUTE,
    walLimitBytes: options.walLimitBytes ?? WAL_LIMIT_BYTES,
    horizon: options.horizon ?? {},
  };
  // The first optimize comes one interval after start, not at once (start-up is busy enough).
  const clock: Clock = { lastWrite: deps.now(), lastOptimize: deps.now() - o.optimizeEveryMs };
  const counts: MaintenanceCounts = {
    steps: 0,
    checkpoints: 0,
    merges: 0,
    optimizes: 0,
    horizons: 0,
  };
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    try {
      const done = step(deps.db, deps.now(), clock, o);
      counts.steps += 1;
      counts.checkpoints += 1;
      if (done.merged) counts.merges += 1;
      if (done.optimized) counts.optimizes += 1;
      if (done.horizon) counts.horizons += 1;
    } catch (error) {
      deps.log.log('warn', `database maintenance failed, next step later: ${String(error)}`);
    }
  };
  return {
    name: 'maintenance',
    counts: () => ({ ...counts }),
    onApplied() {
      clock.lastWrite = deps.now();
    },
    start() {
      timer = setInterval(tick, o.intervalMs);
      timer.unref();
    },
    stop: async () => clearInterval(timer),
  };
}
