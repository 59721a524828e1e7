import type { TestContext } from 'node:test';
import { readOrCreateToken, workerRequest } from '../../src/client/index.ts';
import { queryDb } from './db.ts';
import { createTestHome, type TestHome } from './env.ts';
import { stopWorker, tokenOf } from './worker.ts';

/**
 * A test home for the backfill, export, forget and retention tests: heuristic compression (no
 * LLM even where `claude` is installed and logged in) and the hash embedder (vectors without a
 * model). Call disposeHome when done, or use adminHome.
 */
export function createAdminHome(extraEnv: NodeJS.ProcessEnv = {}): Promise<TestHome> {
  return createTestHome({
    CLAUDE_MEM_COMPRESS_PROVIDER: 'heuristic',
    CLAUDE_MEM_SEARCH_EMBEDDER: 'hash',
    ...extraEnv,
  });
}

/** Stops the home's worker and removes its folder. */
export async function disposeHome(home: TestHome): Promise<void> {
  await stopWorker(home);
  home.cleanup();
}

/** createAdminHome, disposed of when the test ends. */
export async function adminHome(
  t: TestContext,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<TestHome> {
  const home = await createAdminHome(extraEnv);
  t.after(() => disposeHome(home));
  return home;
}

/** A GET or, with a body, a POST to the home's worker, with its token; throws unless 200. */
export async function api<T = Record<string, unknown>>(
  home: TestHome,
  path: string,
  body?: unknown,
): Promise<T> {
  const method = body === undefined ? 'GET' : 'POST';
  const token = readOrCreateToken(home.dataDir);
  const res = await workerRequest(home.port, path, { method, body, token, timeoutMs: 30_000 });
  if (res.status !== 200)
    throw new Error(`${method} ${path}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

/** The HTTP status of a GET. */
export async function statusOf(home: TestHome, path: string): Promise<number> {
  return (await workerRequest(home.port, path, { token: tokenOf(home), timeoutMs: 10_000 })).status;
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * Waits until the worker has compressed everything (no pending events or turn ends) and, when
 * embeddings are on, embedded every observation.
 */
export async function settle(home: TestHome, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [open] = queryDb<{ n: number }>(
      home.dataDir,
      `SELECT (SELECT COUNT(*) FROM events WHERE state = 'pending')
         + (SELECT COUNT(*) FROM turns WHERE state = 'pending') AS n`,
    );
    const recall = await api<{ state: string; embedded: number; total: number }>(
      home,
      '/api/recall/status',
    );
    const embedded =
      recall.state === 'off' ||
      (recall.embedded === recall.total && (recall.total === 0 || recall.state === 'ready'));
    if (open?.n === 0 && embedded) return;
    await sleep(200);
  }
  throw new Error(`the worker of ${home.dataDir} did not settle`);
}

/** Rows per table: what an import must reproduce. */
export function tableCounts(home: TestHome): Record<string, number> {
  const tables = [
    'sessions',
    'prompts',
    'events',
    'turns',
    'observations',
    'summaries',
    'ingested',
  ];
  const [row] = queryDb<Record<string, number>>(
    home.dataDir,
    `SELECT ${tables.map((table) => `(SELECT COUNT(*) FROM ${table}) AS ${table}`).join(', ')}`,
  );
  return row ?? {};
}
