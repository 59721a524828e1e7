import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { routeCaller } from '../../../test/helpers/route-call.ts';
import { seedObservation, seedSession, seedSummary } from '../../../test/helpers/seed-memory.ts';
import { createTestDeps } from '../../../test/helpers/worker-deps.ts';
import { createHashEmbedder } from '../../search/index.ts';
import { createApp } from '../app.ts';
import { createRecall, createRecallService } from './recall-service.ts';
import type { WorkerDeps } from '../worker-deps.ts';

const NOW = 1_750_000_000_000;

type Body = Record<string, unknown> & { items?: Array<Record<string, unknown>> };

function setup(t: TestContext) {
  const deps = createTestDeps(t, { now: () => NOW });
  const service = createRecallService(deps, { embedder: null });
  const app = createApp(deps, [service]);
  const call = routeCaller<Body>(app);
  return { deps, call, get: (path: string) => call('GET', path) };
}

const errorOf = (body: Record<string, unknown>): string =>
  (body.error as { message: string }).message;

test('GET /api/context resolves the project from the session, else from cwd, and builds the index', async (t) => {
  const { deps, get } = setup(t);
  const s = seedSession(deps.db, 'sess-1', 'alpha');
  seedObservation(deps.db, { title: 'Fix the reader', sessionRowId: s, createdAt: NOW - 1000 });
  seedSummary(deps.db, { sessionRowId: s, request: 'Make it robust', createdAt: NOW - 500 });
  const bySession = await get('/api/context?session_id=sess-1&source=startup&cwd=/nowhere/else');
  assert.equal(bySession.status, 200);
  assert.equal(bySession.body.project, 'alpha');
  assert.match(String(bySession.body.context), /Fix the reader[^]*<\/claude-mem-context>$/);
  const byCwd = await get('/api/context?session_id=new&source=startup&cwd=/some/where/alpha');
  assert.equal(byCwd.body.context, bySession.body.context);
  const fresh = await get('/api/context?cwd=/some/where/newproject&source=weird-new-source');
  assert.deepEqual(
    [fresh.body.kind, fresh.body.source, fresh.body.project],
    ['empty', 'startup', 'newproject'],
  );
});

test('GET /api/context without cwd, session or project is a 400 naming cwd', async (t) => {
  const { get } = setup(t);
  const res = await get('/api/context?source=startup');
  assert.equal(res.status, 400);
  assert.match(errorOf(res.body), /^cwd: /);
});

test('GET /api/search returns a compact index with tokens, filters and paging', async (t) => {
  const { deps, get } = setup(t);
  const a = seedObservation(deps.db, {
    title: 'cache invalidation bug',
    type: 'bugfix',
    narrative: 'n'.repeat(400),
    createdAt: NOW - 2000,
  });
  seedObservation(deps.db, { title: 'cache warmup', type: 'feature', createdAt: NOW - 1000 });
  const res = await get('/api/search?q=cache&type=bugfix,decision&limit=5');
  assert.equal(res.status, 200);
  assert.deepEqual(
    res.body.items?.map((item) => [item.id, item.type, item.tokens]),
    [[a, 'bugfix', 100]],
  );
  assert.deepEqual([res.body.mode, res.body.hasMore], ['fts', false]);
  const page = await get('/api/search?q=cache&limit=1&offset=1');
  assert.deepEqual([page.body.items?.length, page.body.hasMore], [1, false]);
  const since = await get(`/api/search?q=cache&since=${NOW - 1500}`);
  assert.equal(since.body.items?.length, 1);
});

test('GET /api/search answers bad parameters with a 400 naming the field', async (t) => {
  const { get } = setup(t);
  for (const [query, field] of [
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-1', 'offset'],
    ['type=nonsense', 'type'],
    ['mode=psychic', 'mode'],
    ['since=yesterday', 'since'],
    ['until=2025-02-30', 'until'],
    [`q=${'x'.repeat(3000)}`, 'q'],
  ] as const) {
    const res = await get(`/api/search?${query}`);
    assert.equal(res.status, 400, query);
    assert.match(errorOf(res.body), new RegExp(`^${field}(\\.\\d+)?: `), query);
  }
});

test('GET /api/timeline centers on an anchor id or on the best match of q', async (t) => {
  const { deps, get } = setup(t);
  const ids = [1, 2, 3].map((n) =>
    seedObservation(deps.db, { title: `step ${n} of the parser`, createdAt: n * 1000 }),
  );
  const res = await get(`/api/timeline?anchor=${ids[1]}&before=1&after=1`);
  assert.equal(res.status, 200);
  assert.deepEqual(
    res.body.items?.map((item) => [item.ref, item.anchor]),
    [
      [String(ids[0]), false],
      [String(ids[1]), true],
      [String(ids[2]), false],
    ],
  );
  const byQuery = await get('/api/timeline?q=step%203&before=0&after=0');
  assert.equal(byQuery.body.anchor, String(ids[2]));
  for (const query of ['', 'anchor=abc', 'anchor=999', 'before=99&anchor=1', 'q=zzzz']) {
    const bad = await get(`/api/timeline?${query}`);
    assert.equal(bad.status, 400, query);
  }
});

test('full records: GET /api/observations/:id and POST /api/observations/batch', async (t) => {
  const { deps, get, call } = setup(t);
  const id = seedObservation(deps.db, {
    title: 'full',
    facts: ['a fact'],
    filesRead: ['src/a.ts'],
  });
  const one = await get(`/api/observations/${id}`);
  assert.deepEqual(
    [one.status, one.body.facts, one.body.files_read, one.body.pinned],
    [200, ['a fact'], ['src/a.ts'], false],
  );
  assert.equal((await get('/api/observations/999')).status, 404);
  assert.equal((await get('/api/observations/abc')).status, 400);
  const batch = await call('POST', '/api/observations/batch', { ids: [999, id] });
  assert.deepEqual([batch.body.items?.map((item) => item.id), batch.body.missing], [[id], [999]]);
  assert.equal((await call('POST', '/api/observations/batch', { ids: [] })).status, 400);
  assert.equal((await call('POST', '/api/observations/batch', 'not json')).status, 400);
  assert.equal((await call('POST', '/api/observations/batch', { ids: [id] }, null)).status, 401);
});

test('POST /api/memories saves once per title and text; forget deletes and counts', async (t) => {
  const { call, get } = setup(t);
  const memory = {
    title: 'Use pnpm',
    text: 'This repo uses pnpm, never npm.',
    cwd: '/code/alpha',
    type: 'decision',
  };
  const saved = await call('POST', '/api/memories', memory);
  assert.deepEqual([saved.status, saved.body.project, saved.body.created], [201, 'alpha', true]);
  const again = await call('POST', '/api/memories', memory);
  assert.deepEqual([again.status, again.body.id], [200, saved.body.id]);
  const found = await get('/api/search?q=pnpm&project=alpha');
  assert.deepEqual(
    found.body.items?.map((item) => item.id),
    [saved.body.id],
  );
  assert.match(
    errorOf((await call('POST', '/api/memories', { title: 'x', text: 'y' })).body),
    /^project: /,
  );
  assert.match(
    errorOf((await call('POST', '/api/memories', { title: '', text: 'y', project: 'p' })).body),
    /^title: /,
  );
  const forgot = await call('POST', '/api/observations/forget', {
    ids: [Number(saved.body.id), 424242],
  });
  assert.deepEqual(forgot.body, { deleted: 1 });
  assert.deepEqual((await call('DELETE', `/api/observations/${String(saved.body.id)}`)).body, {
    deleted: 0,
  });
  assert.equal((await call('POST', '/api/observations/forget', { ids: [1] }, null)).status, 401);
});

test('GET /api/recall/status shows the embedder off and the configured mode', async (t) => {
  const { get } = setup(t);
  const res = await get('/api/recall/status');
  assert.deepEqual(res.body, {
    state: 'off',
    model: null,
    embedded: 0,
    total: 0,
    mode: 'hybrid',
    horizon: null,
  });
});

test('with an embedder, status shows the backfill progress and search becomes hybrid', async (t) => {
  const deps: WorkerDeps = createTestDeps(t, { now: () => NOW });
  for (const title of ['spool reader', 'parser', 'worker']) seedObservation(deps.db, { title });
  const recall = createRecall(deps, { embedder: createHashEmbedder() });
  t.after(() => recall.vectors?.runtime.stop());
  assert.deepEqual(recall.status(), {
    state: 'idle',
    model: 'hash-v2-256',
    dimensions: null,
    embedded: 0,
    total: 3,
    switch: { from: null },
    vectorsInSearch: false,
    vectorWeight: 0.1,
  });
  await recall.vectors?.runtime.drain();
  assert.deepEqual(recall.status(), {
    state: 'ready',
    model: 'hash-v2-256',
    dimensions: 256,
    embedded: 3,
    total: 3,
    vectorsInSearch: true,
    vectorWeight: 0.1,
  });
  const result = await recall.searcher.search({ query: 'spool', filters: {}, limit: 5, offset: 0 });
  assert.equal(result.mode, 'hybrid');
});

test('the context index and search give one observation the same token estimate', async (t) => {
  const { deps, get } = setup(t);
  const s = seedSession(deps.db, 'sess-tokens', 'alpha');
  seedObservation(deps.db, {
    title: 'Spool reader keeps order',
    sessionRowId: s,
    createdAt: NOW - 1000,
    subtitle: 'files sort by capture time',
    narrative: 'The reader lists the spool folder and sorts names, which start with the time.',
    facts: ['names are zero-padded', 'temp files are skipped'],
    concepts: ['ordering', 'durability'],
    filesRead: ['src/spool/reader.ts'],
    filesModified: ['src/spool/writer.ts', 'src/spool/event.ts'],
  });
  const context = await get('/api/context?session_id=sess-tokens&source=startup&cwd=/x/alpha');
  const search = await get('/api/search?q=spool%20reader&project=alpha');
  const inContext = /Spool reader keeps order.*\(~(\d+)\)/.exec(String(context.body.context))?.[1];
  assert.deepEqual([Number(inContext), search.body.items?.[0]?.tokens], [60, 60]);
});
