import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { routeCaller } from '../../../test/helpers/route-call.ts';
import { seedObservation } from '../../../test/helpers/seed-memory.ts';
import { createTestDeps } from '../../../test/helpers/worker-deps.ts';
import { createApp } from '../app.ts';
import { createRecallService } from './recall-service.ts';

function setup(t: TestContext) {
  const deps = createTestDeps(t, { now: () => 1_750_000_000_000 });
  const app = createApp(deps, [createRecallService(deps, { embedder: null })]);
  const call = routeCaller<{
    items?: Array<{ id: number }>;
    hasMore?: boolean;
    error?: { message: string };
  }>(app);
  const get = async (path: string) => {
    const { status, body } = await call('GET', path);
    return { status, body, ids: (body.items ?? []).map((item) => item.id) };
  };
  const seed = {
    port: seedObservation(deps.db, { title: 'Worker retries when the port is held' }),
    error: seedObservation(deps.db, { title: 'EADDRINUSE on start', narrative: 'address in use' }),
    both: seedObservation(deps.db, {
      title: 'Port held by a stale worker',
      narrative: 'EADDRINUSE came from a worker left running',
    }),
    other: seedObservation(deps.db, { title: 'Viewer colours' }),
  };
  return { get, seed };
}

const q = (...phrasings: string[]): string =>
  phrasings.map((text) => `q=${encodeURIComponent(text)}`).join('&');

test('several phrasings are fused: what both find comes first, what either finds follows', async (t) => {
  const { get, seed } = setup(t);
  const one = await get(`/api/search?${q('port held')}`);
  assert.deepEqual(new Set(one.ids), new Set([seed.port, seed.both]));
  const fused = await get(`/api/search?${q('port held', 'EADDRINUSE')}&mode=fts`);
  assert.equal(fused.status, 200);
  assert.equal(fused.ids[0], seed.both);
  assert.deepEqual(new Set(fused.ids), new Set([seed.port, seed.error, seed.both]));
});

test('the fused ranking pages with limit and offset', async (t) => {
  const { get, seed } = setup(t);
  const first = await get(`/api/search?${q('port held', 'EADDRINUSE')}&limit=2`);
  const rest = await get(`/api/search?${q('port held', 'EADDRINUSE')}&limit=2&offset=2`);
  assert.equal(first.body.hasMore, true);
  assert.equal(rest.body.hasMore, false);
  assert.deepEqual(
    new Set([...first.ids, ...rest.ids]),
    new Set([seed.port, seed.error, seed.both]),
  );
});

test('empty and repeated phrasings are dropped; none left lists the newest', async (t) => {
  const { get, seed } = setup(t);
  const same = await get(`/api/search?${q('', 'EADDRINUSE', ' EADDRINUSE ')}`);
  assert.deepEqual(new Set(same.ids), new Set([seed.error, seed.both]));
  const none = await get(`/api/search?${q('', ' ')}`);
  assert.equal(none.ids.length, 4);
});

test('too many or too long phrasings are a 400 that names q and what it expects', async (t) => {
  const { get } = setup(t);
  const many = await get(`/api/search?${q('a', 'b', 'c', 'd', 'e', 'f')}`);
  assert.equal(many.status, 400);
  assert.equal(many.body.error?.message, 'q: expected at most 5 phrasings of the same need, got 6');
  const long = await get(`/api/search?${q('port', 'x'.repeat(2001))}`);
  assert.equal(long.status, 400);
  assert.equal(long.body.error?.message, 'q: phrasing 2 is 2001 characters; expected at most 2000');
});
