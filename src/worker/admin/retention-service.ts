import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSettings, stateDir, writeFileAtomic, type Settings } from '../../config/index.ts';
import { applyRetention, type RetentionCounts } from '../../store/index.ts';
import { adminBackfillRoutes } from './admin-backfill-routes.ts';
import { adminExportRoutes } from './admin-export-routes.ts';
import { adminForgetRoutes, afterDelete } from './admin-forget-routes.ts';
import { retentionRoutes, type RetentionReport } from './admin-retention-routes.ts';
import type { WorkerService } from '../service.ts';
import type { WorkerDeps } from '../worker-deps.ts';

type RetentionSettings = Pick<Settings, 'retention.maxAgeDays' | 'retention.maxPerProject'>;

/** Overrides for tests. */
export interface RetentionOptions {
  /** The retention settings in force; default: read afresh each run, so `config set` applies. */
  settings?: () => RetentionSettings;
  /** How often the timer checks whether a day has passed since the last run. */
  checkEveryMs?: number;
  /** Delay of the first check after start (the worker's start-up is busy enough). */
  firstCheckMs?: number;
}

const DAY_MS = 86_400_000;

interface LastRun {
  at: number;
  counts: RetentionCounts;
}

function readLastRun(file: string): LastRun | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LastRun;
  } catch {
    return undefined;
  }
}

/**
 * Retention, export/import, forget/purge and the backfill intake. Retention runs on demand
 * (POST /api/retention/run) and by itself once a day when `retention.maxAgeDays` or
 * `retention.maxPerProject` is set; the time of the last run survives restarts in
 * `state/retention.json`.
 */
export function createRetentionService(
  deps: WorkerDeps,
  options: RetentionOptions = {},
): WorkerService & { run(dryRun: boolean): RetentionReport } {
  const file = join(stateDir(deps.dataDir), 'retention.json');
  const settings = options.settings ?? (() => loadSettings(deps.dataDir, process.env).settings);
  const timers: NodeJS.Timeout[] = [];
  const run = (dryRun: boolean): RetentionReport => {
    const s = settings();
    const policy = {
      maxAgeDays: s['retention.maxAgeDays'],
      maxPerProject: s['retention.maxPerProject'],
      now: deps.now(),
    };
    const counts = applyRetention(deps.db, policy, dryRun);
    if (!dryRun) {
      writeFileAtomic(file, JSON.stringify({ at: policy.now, counts } satisfies LastRun));
      afterDelete(deps, 'retention', counts);
    }
    return { dry_run: dryRun, policy, counts };
  };
  const check = (): void => {
    const s = settings();
    if (s['retention.maxAgeDays'] === 0 && s['retention.maxPerProject'] === 0) return;
    if (deps.now() - (readLastRun(file)?.at ?? 0) < DAY_MS) return;
    try {
      run(false);
    } catch (error) {
      deps.log.log('warn', `retention run failed, next check later: ${String(error)}`);
    }
  };
  const routes = adminBackfillRoutes(deps);
  for (const more of [adminExportRoutes(deps), adminForgetRoutes(deps)]) routes.route('/', more);
  routes.route('/', retentionRoutes({ run, last: () => readLastRun(file), settings }));
  return {
    name: 'retention',
    routes,
    run,
    start() {
      timers.push(setTimeout(check, options.firstCheckMs ?? 60_000));
      timers.push(setInterval(check, options.checkEveryMs ?? 3_600_000));
      for (const timer of timers) timer.unref();
    },
    stop: async () => timers.forEach((timer) => clearTimeout(timer)),
  };
}
