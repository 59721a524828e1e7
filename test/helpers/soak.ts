import { liveWorker, workerRequest } from '../../src/client/index.ts';
import { startChaosProvider, type ChaosProvider } from './chaos-provider.ts';
import { createTestHome, type TestHome } from './env.ts';
import {
  restarter,
  sampleRss,
  seededRandom,
  session,
  type Lane,
  type SoakLoad,
  type SoakOptions,
} from './soak-load.ts';
import { startWorker, stopWorker, waitForDrain, tokenOf } from './worker.ts';

export { seededRandom, rssKb, type SoakLoad, type SoakOptions } from './soak-load.ts';
export { badRuns, eventOutcomes, processesFor, recalledRuns, rssTrend } from './soak-checks.ts';

/** A running soak: the test home, the fake provider (its own process) and the load it ran. */
export interface Soak {
  home: TestHome;
  fake: ChaosProvider;
  load: SoakLoad;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The env of a soak home: the anthropic provider on the fake, short timeouts and retries. */
function soakEnv(fakeUrl: string): NodeJS.ProcessEnv {
  return {
    ANTHROPIC_API_KEY: 'soak-key',
    CLAUDE_MEM_COMPRESS_PROVIDER: 'anthropic',
    CLAUDE_MEM_COMPRESS_ANTHROPIC_BASE_URL: fakeUrl,
    CLAUDE_MEM_COMPRESS_ANTHROPIC_DAILY_TOKENS: '10000000000',
    CLAUDE_MEM_COMPRESS_TIMEOUT_MS: '1500',
    CLAUDE_MEM_COMPRESS_RETRIES: '1',
    CLAUDE_MEM_COMPRESS_RETRY_BASE_MS: '20',
    CLAUDE_MEM_COMPRESS_MAX_ATTEMPTS: '3',
    CLAUDE_MEM_COMPRESS_FAILED_RETRY_MS: '200',
    CLAUDE_MEM_COMPRESS_FLUSH_AFTER_MS: '2000',
    CLAUDE_MEM_COMPRESS_CONCURRENCY: '2',
    CLAUDE_MEM_SEARCH_EMBEDDER: 'hash',
  };
}

/** Starts a soak's parts: a fake Anthropic API in chaos mode and a worker on a fresh home. */
export async function startSoak(seed: number): Promise<Soak> {
  const load: SoakLoad = {
    runs: [],
    expectedTools: new Set(),
    droppedTools: new Set(),
    visiblePrompts: 0,
    restarts: { sigterm: 0, sigkill: 0 },
    rss: [],
    replies: {},
    loadMs: 0,
  };
  const fake = await startChaosProvider(seed, (kind) => {
    load.replies[kind] = (load.replies[kind] ?? 0) + 1;
  });
  const home = await createTestHome(soakEnv(fake.url));
  await startWorker(home);
  return { home, fake, load };
}

/**
 * Runs the load: `sessions` simulated sessions through the real hook commands, the worker killed
 * now and then, then a quiet tail; its memory sampled four times a second. The phases end on
 * conditions, not on the clock (see {@link SoakOptions}), so a loaded machine gets a longer soak,
 * not a failed one.
 */
export async function driveLoad(soak: Soak, options: SoakOptions): Promise<void> {
  const { home, load } = soak;
  const start = Date.now();
  const sampler = sampleRss(home, start, load);
  let running = true;
  const lanes = Array.from({ length: options.sessions }, (_, i): Lane => ({
    session: `soak-${options.seed}-${i}`,
    random: seededRandom(options.seed * 1000 + i),
    running: () => running,
    load,
    env: home.env,
    cwd: home.dataDir,
  }));
  const cap = start + (options.maxMs ?? 10 * 60_000);
  const plan = {
    everyMs: options.restartEveryMs,
    killUntil: start + options.durationMs - options.quietTailMs,
    backWithinMs: Math.max(1, Math.min(5 * 60_000, cap - Date.now())),
  };
  const phases = async (): Promise<void> => {
    try {
      await restarter(home, plan, load);
      await sleep(options.quietTailMs);
      while (options.until && !options.until() && Date.now() < cap) await sleep(250);
    } finally {
      running = false;
    }
  };
  await Promise.all([...lanes.map(session), phases()]);
  clearInterval(sampler);
  load.loadMs = Date.now() - start;
}

/** {@link startSoak} then {@link driveLoad}. */
export async function runSoak(options: SoakOptions): Promise<Soak> {
  const soak = await startSoak(options.seed);
  await driveLoad(soak, options);
  return soak;
}

async function compressionState(home: TestHome) {
  const res = await workerRequest(home.port, '/api/compression/status', {
    token: tokenOf(home),
    timeoutMs: 5000,
  });
  return res.body as { events: Record<string, number>; turns: Record<string, number> };
}

/**
 * After the load: the provider turns good, a worker is made sure to run, and this waits until the
 * spool is drained and nothing is pending or waiting for a retry (a deadline, generous for a
 * loaded machine: an idle one settles in seconds).
 */
export async function settle(soak: Soak, timeoutMs = 300_000): Promise<void> {
  soak.fake.turnGood();
  if (!liveWorker(soak.home.dataDir)) await startWorker(soak.home, timeoutMs);
  await waitForDrain(soak.home, timeoutMs);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && (await openWork(soak.home)) > 0) await sleep(250);
}

/** Events and turn ends still pending or failed (waiting for a retry); unknown counts as open. */
async function openWork(home: TestHome): Promise<number> {
  const state = await compressionState(home).catch(() => undefined);
  if (!state) return 1;
  const { events, turns } = state;
  return (events.pending ?? 0) + (events.failed ?? 0) + (turns.pending ?? 0) + (turns.failed ?? 0);
}

/** Stops the worker and the fake (again: harmless). */
export async function endSoak(soak: Soak | undefined): Promise<void> {
  if (!soak) return;
  await stopWorker(soak.home);
  await soak.fake.close();
}
