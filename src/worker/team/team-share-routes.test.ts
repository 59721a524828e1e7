import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { seedObservation, seedSession, seedSummary } from '../../../test/helpers/seed-memory.ts';
import { viewerApp } from '../../../test/helpers/viewer-app.ts';
import { createRecallService } from '../recall/recall-service.ts';

const NOW = 1_750_000_000_000;

type Body = Record<string, unknown> & { items?: Array<Record<string, unknown>> };

function setup(t: TestContext) {
  const { deps, call } = viewerApp<Body>(t, NOW, (d) => [
    createRecallService(d, { embedder: null }),
  ]);
  const mine = seedObservation(deps.db, { title: 'cookie path is /api' });
  const theirs = seedObservation(deps.db, { title: 'cookie domain from alice' });
  deps.db
    .prepare(`UPDATE observations SET author = 'alice', scope = 'team' WHERE id = ?`)
    .run(theirs);
  const outbox = () =>
    deps.db.prepare('SELECT kind, item_id AS id, op FROM team_outbox ORDER BY id').all();
  return { deps, call, mine, theirs, outbox };
}

const messageOf = (body: Body): string => (body.error as { message: string }).message;

test('POST /api/observations/:id/share shares and unshares; the triggers queue each change', async (t) => {
  const { call, mine, outbox } = setup(t);
  const shared = await call('POST', `/api/observations/${mine}/share`, {});
  assert.deepEqual([shared.status, shared.body.scope, shared.body.author], [200, 'team', null]);
  const back = await call('POST', `/api/observations/${mine}/share`, { scope: 'private' });
  assert.deepEqual([back.status, back.body.scope], [200, 'private']);
  assert.deepEqual(outbox(), [
    { kind: 'observation', id: mine, op: 'upsert' },
    { kind: 'observation', id: mine, op: 'delete' },
  ]);
});

test('a summary is shared through /api/summaries/:id/share', async (t) => {
  const { deps, call, outbox } = setup(t);
  const session = seedSession(deps.db, 's1');
  const id = seedSummary(deps.db, { sessionRowId: session, request: 'fix login', createdAt: NOW });
  const res = await call('POST', `/api/summaries/${id}/share`, { scope: 'team' });
  assert.deepEqual([res.status, res.body.scope, res.body.request], [200, 'team', 'fix login']);
  assert.deepEqual(outbox(), [{ kind: 'summary', id, op: 'upsert' }]);
});

test('bad input is a 400 naming the field; an unknown id a 404; no token a 401', async (t) => {
  const { call, mine } = setup(t);
  const bad = await call('POST', `/api/observations/${mine}/share`, { scope: 'public' });
  assert.deepEqual([bad.status, messageOf(bad.body)], [400, 'scope: expected private or team']);
  assert.equal((await call('POST', '/api/observations/abc/share', {})).status, 400);
  const missing = await call('POST', '/api/observations/999/share', {});
  assert.deepEqual([missing.status, messageOf(missing.body)], [404, 'no observation #999']);
  assert.equal((await call('POST', '/api/summaries/999/share', {})).status, 404);
  assert.equal((await call('POST', `/api/observations/${mine}/share`, {}, '')).status, 401);
});

test("a teammate's memory answers 403 naming its author to share, edit and forget", async (t) => {
  const { call, theirs, outbox } = setup(t);
  const attempts = [
    await call('POST', `/api/observations/${theirs}/share`, { scope: 'private' }),
    await call('PATCH', `/api/observations/${theirs}`, { title: 'mine now' }),
    await call('DELETE', `/api/observations/${theirs}`),
    await call('POST', '/api/observations/forget', { ids: [theirs] }),
  ];
  for (const res of attempts) {
    assert.equal(res.status, 403);
    assert.match(messageOf(res.body), /is alice's team memory: it is read-only here/);
  }
  assert.deepEqual(outbox(), []);
  const still = await call('GET', `/api/observations/${theirs}`);
  assert.deepEqual([still.body.title, still.body.author], ['cookie domain from alice', 'alice']);
});

test('GET /api/search and the feed filter by author and scope and say whose each hit is', async (t) => {
  const { call, mine, theirs } = setup(t);
  await call('POST', `/api/observations/${mine}/share`, {});
  const alice = await call('GET', '/api/search?q=cookie&author=alice');
  assert.deepEqual(
    alice.body.items?.map((i) => [i.id, i.author, i.scope]),
    [[theirs, 'alice', 'team']],
  );
  const own = await call('GET', '/api/search?q=cookie&author=me&scope=team');
  assert.deepEqual(
    own.body.items?.map((i) => i.id),
    [mine],
  );
  const badScope = await call('GET', '/api/search?q=cookie&scope=everyone');
  assert.equal(badScope.status, 400);
  const feed = await call('GET', '/api/feed?author=alice');
  assert.deepEqual(
    feed.body.items?.map((i) => i.id),
    [theirs],
  );
});

test('save_memory with scope team is born shared; a bad scope is a 400', async (t) => {
  const { call, outbox } = setup(t);
  const saved = await call('POST', '/api/memories', {
    title: 'Use pnpm',
    text: 'never npm',
    project: 'alpha',
    scope: 'team',
  });
  assert.equal(saved.status, 201);
  assert.deepEqual(outbox(), [{ kind: 'observation', id: saved.body.id, op: 'upsert' }]);
  const bad = await call('POST', '/api/memories', {
    title: 'x',
    text: 'y',
    project: 'a',
    scope: 'all',
  });
  assert.deepEqual([bad.status, messageOf(bad.body)], [400, 'scope: expected private or team']);
});
