// The default embedder (`search.embedder: local`) in the bundled worker: the model loads from
// node_modules in a worker thread, embeds what is stored, and vector search finds by meaning.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { workerRequest } from '../../src/client/index.ts';
import { recallHome, withDatabase } from '../helpers/recall-home.ts';
import { seedObservation } from '../helpers/seed-memory.ts';
import { startWorker, tokenOf } from '../helpers/worker.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Status {
  state: string;
  model?: string;
  embedded: number;
  total: number;
}

test('the local model embeds in a thread of the bundled worker; vector search finds by meaning', async (t) => {
  const home = await recallHome(t, 'alpha', { CLAUDE_MEM_SEARCH_EMBEDDER: 'local' });
  const ids = withDatabase(home, (db) => ({
    schema: seedObservation(db, {
      title: 'SQLite schema upgrade failed on an old database',
      narrative: 'The numbered migration 003 aborted because a column already existed.',
    }),
    cat: seedObservation(db, { title: 'The cat prefers fish over chicken' }),
    css: seedObservation(db, { title: 'Button colours follow the dark theme' }),
  }));
  await startWorker(home);

  let status: Status | undefined;
  let healthChecks = 0;
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(200)) {
    const health = await workerRequest(home.port, '/health', {
      token: tokenOf(home),
      timeoutMs: 5000,
    });
    assert.equal(health.status, 200);
    healthChecks += 1;
    status = (
      await workerRequest(home.port, '/api/recall/status', {
        token: tokenOf(home),
        timeoutMs: 5000,
      })
    ).body as Status;
    if (status.state === 'error' || status.embedded === status.total) break;
  }
  assert.equal(status?.state === 'error' ? JSON.stringify(status) : status?.embedded, 3);
  assert.ok(healthChecks > 0);

  const query = new URLSearchParams({
    q: 'how do I repair a broken data migration',
    mode: 'vector',
  });
  const res = await workerRequest(home.port, `/api/search?${query}`, {
    token: tokenOf(home),
    timeoutMs: 10_000,
  });
  const body = res.body as { mode: string; items: Array<{ id: number }> };
  assert.equal(body.mode, 'vector');
  assert.equal(body.items[0]?.id, ids.schema);
});
