import {
  chooseProvider,
  createReaper,
  type ProviderChoice,
  type ProviderDeps,
} from '../../compress/index.ts';
import { requeueFailedEvents, requeueTurnEnds } from '../../store/index.ts';
import { createStoreBudget } from './compress-budget.ts';
import { createCompressLoop, type CompressLoop } from './compress-loop.ts';
import { compressionStatus } from './compress-status.ts';
import { compressRoutes } from './compress-routes.ts';
import type { WorkerService } from '../service.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { createTeamShareOf } from '../team/team-share.ts';

/** Overrides for tests and benchmarks. */
export interface CompressionOptions {
  /** Environment the providers read (keys, PATH, HOME); default process.env. */
  env?: NodeJS.ProcessEnv;
  fetch?: typeof fetch;
  /** Replaces the provider choice (a fake chain in unit tests). */
  choose?: (deps: ProviderDeps) => ProviderChoice;
  intervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Compression: picks the provider (settings, environment), runs the loop that turns pending
 * events into observations and turns into summaries, and serves its status and retry routes.
 */
export function createCompressionService(
  deps: WorkerDeps,
  options: CompressionOptions = {},
): WorkerService & { loop: CompressLoop; choice: ProviderChoice } {
  const reaper = createReaper();
  const budget = createStoreBudget(deps.db, deps.settings, deps.now);
  const choice = (options.choose ?? chooseProvider)({
    settings: deps.settings,
    env: options.env ?? process.env,
    dataDir: deps.dataDir,
    budget,
    reaper,
    fetch: options.fetch,
    now: deps.now,
    sleep: options.sleep,
  });
  deps.log.log('info', `compression provider: ${choice.active} (${choice.reason})`);
  const loop = createCompressLoop({
    ...deps,
    chain: choice.chain,
    intervalMs: options.intervalMs,
    teamShareOf: createTeamShareOf(deps.dataDir, options.env ?? process.env),
  });
  const routes = compressRoutes({
    status: () => compressionStatus(deps.db, choice, budget, deps.now()),
    retry() {
      const requeued = deps.db
        .transaction(() => ({
          events: requeueFailedEvents(deps.db, deps.now()),
          turns: requeueTurnEnds(deps.db, deps.now(), 0, true),
        }))
        .immediate();
      loop.kick();
      return requeued;
    },
  });
  return {
    name: 'compression',
    routes,
    loop,
    choice,
    start: () => loop.start(),
    onApplied: () => loop.kick(),
    async stop() {
      await loop.stop();
      reaper.killAll();
    },
  };
}
