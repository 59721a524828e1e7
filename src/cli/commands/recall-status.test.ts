import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { test, type TestContext } from 'node:test';
import { fetchRecallStatus, formatRecallStatus, type RecallStatus } from './recall-status.ts';

/** A server on 127.0.0.1:0 answering every request with `status` and `body`; returns its port. */
async function fakeWorker(t: TestContext, status: number, body: unknown): Promise<number> {
  const server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  return (server.address() as { port: number }).port;
}

const READY: RecallStatus = {
  state: 'ready',
  model: 'hash-v2-256',
  embedded: 1200,
  total: 1250,
  mode: 'hybrid',
};

test('an embedder that is off is one line: full-text search only', () => {
  const off: RecallStatus = { state: 'off', model: null, embedded: 0, total: 7, mode: 'hybrid' };
  assert.deepEqual(formatRecallStatus(off), [
    'recall: search.mode hybrid, embedder off: full-text search only',
  ]);
});

test('a running embedder shows its model, state and the vector backlog', () => {
  assert.deepEqual(formatRecallStatus(READY), [
    'recall: search.mode hybrid, embedder hash-v2-256 ready',
    '  vectors: 1,200 of 1,250 observations, 50 waiting',
  ]);
});

test('a large memory names its search horizon, with or without an embedder', () => {
  const line =
    '  search horizon: the newest 120,000 observations, searched first; older ones when fewer than a page of those match, or with --until';
  assert.equal(formatRecallStatus({ ...READY, horizon: 120_000 })[2], line);
  const off: RecallStatus = { state: 'off', model: null, embedded: 0, total: 7, mode: 'fts' };
  assert.deepEqual(formatRecallStatus({ ...off, horizon: 120_000 }).slice(1), [line]);
  assert.equal(formatRecallStatus({ ...READY, horizon: null }).length, 2);
});

test('a switch of embedder shows the progress and that search uses full text meanwhile', () => {
  const switching: RecallStatus = {
    ...READY,
    state: 'embedding',
    model: 'voyage:voyage-code-3',
    embedded: 300,
    switch: { from: 'energetic-ai/use-lite-512' },
  };
  assert.deepEqual(formatRecallStatus(switching), [
    'recall: search.mode hybrid, embedder voyage:voyage-code-3 embedding',
    '  vectors: 300 of 1,250 observations, 950 waiting',
    '  re-embedding after the switch from energetic-ai/use-lite-512: search uses full text until every observation has a vector',
  ]);
  assert.equal(
    formatRecallStatus({ ...switching, switch: { from: null } })[2],
    '  first embedding: search uses full text until every observation has a vector',
  );
});

test("a failing embedder shows the embedder's error", () => {
  const failing: RecallStatus = { ...READY, state: 'error', error: 'model file missing' };
  assert.deepEqual(formatRecallStatus(failing).slice(0, 1), [
    'recall: search.mode hybrid, embedder hash-v2-256 failing, retrying',
  ]);
  assert.equal(formatRecallStatus(failing)[2], '  error: model file missing');
});

test("fetchRecallStatus returns the worker's answer", async (t) => {
  const port = await fakeWorker(t, 200, READY);
  assert.deepEqual(await fetchRecallStatus(port), READY);
});

test('a worker without the route (an older version) gives no recall status', async (t) => {
  const port = await fakeWorker(t, 404, { error: { code: 'NOT_FOUND', message: 'no route' } });
  assert.equal(await fetchRecallStatus(port), undefined);
});

test('a port nobody listens on gives no recall status', async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  assert.equal(await fetchRecallStatus(port), undefined);
});

test('a Chroma store shows its server, counts and, when down, that search uses full text', () => {
  const store = {
    kind: 'chroma' as const,
    url: 'http://127.0.0.1:8000',
    collection: 'claude-mem',
    reachable: true,
    indexed: 1200,
    pending: 3,
  };
  assert.equal(
    formatRecallStatus({ ...READY, store })[2],
    '  vector store: chroma http://127.0.0.1:8000 (claude-mem), 1,200 indexed, 3 waiting',
  );
  const down = { ...store, reachable: false, error: 'fetch failed' };
  assert.equal(
    formatRecallStatus({ ...READY, store: down })[2],
    '  vector store: chroma http://127.0.0.1:8000 (claude-mem) unreachable, search uses full text; 1,200 indexed, 3 waiting: fetch failed',
  );
});
