import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { openEmbeddingDb } from '../../test/helpers/embedding-db.ts';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import type { SearchMode } from '../domain/index.ts';
import { createSearcher, type SearchRequest } from './search.ts';

function setup(t: TestContext, mode: SearchMode = 'hybrid') {
  const { db, index, runtime } = openEmbeddingDb(t);
  return { db, runtime, searcher: createSearcher({ db, mode, vectors: index, runtime }) };
}

const request = (query: string, over: Partial<SearchRequest> = {}): SearchRequest => ({
  query,
  filters: {},
  limit: 10,
  offset: 0,
  ...over,
});

test('hybrid falls back to full text until the embedder has vectors, then fuses both', async (t) => {
  const { db, runtime, searcher } = setup(t);
  const id = seedObservation(db, { title: 'spool reader' });
  seedObservation(db, { title: 'markdown tables' });
  const before = await searcher.search(request('spool'));
  assert.deepEqual([before.mode, before.hits.map((hit) => hit.id)], ['fts', [id]]);
  await runtime.drain();
  const after = await searcher.search(request('spool'));
  assert.equal(after.mode, 'hybrid');
  assert.equal(after.hits[0]?.id, id);
  assert.equal(after.hits.length, 2);
});

test('vector mode finds by similarity where full text finds nothing', async (t) => {
  const { db, runtime, searcher } = setup(t, 'vector');
  const id = seedObservation(db, { title: 'quarantined spool files' });
  await runtime.drain();
  const result = await searcher.search(request('quarentined spoool fiels'));
  assert.deepEqual([result.mode, result.hits[0]?.id], ['vector', id]);
  const fts = await searcher.search(request('quarentined spoool fiels', { mode: 'fts' }));
  assert.deepEqual([fts.mode, fts.hits.length], ['fts', 0]);
});

test('pages with limit and offset and says whether more remain', async (t) => {
  const { db, searcher } = setup(t, 'fts');
  const ids = [1, 2, 3, 4, 5].map((n) =>
    seedObservation(db, { title: `cache entry ${n}`, createdAt: n }),
  );
  const first = await searcher.search(request('', { limit: 2 }));
  const last = await searcher.search(request('', { limit: 2, offset: 4 }));
  assert.deepEqual(
    [first.mode, first.hits.map((hit) => hit.id), first.hasMore],
    ['recent', [ids[4], ids[3]], true],
  );
  assert.deepEqual([last.hits.map((hit) => hit.id), last.hasMore], [[ids[0]], false]);
});

test('a query without any word finds nothing rather than failing', async (t) => {
  const { db, searcher } = setup(t);
  seedObservation(db, { title: 'something' });
  assert.deepEqual(await searcher.search(request('((( *** )))')), {
    hits: [],
    mode: 'fts',
    hasMore: false,
  });
});

test('vector-only neighbours below minSimilarity are dropped; full-text matches always stay', async (t) => {
  const { db, index: vectors, runtime } = openEmbeddingDb(t);
  const spool = seedObservation(db, { title: 'quarantined spool files' });
  seedObservation(db, { title: 'markdown tables' });
  await runtime.drain();
  const floored = createSearcher({ db, mode: 'hybrid', vectors, runtime, minSimilarity: 0.45 });
  const unfloored = createSearcher({ db, mode: 'hybrid', vectors, runtime, minSimilarity: 0 });
  const ids = async (searcher: typeof floored, query: string, mode?: SearchMode) =>
    (await searcher.search(request(query, { mode }))).hits.map((hit) => hit.id);
  assert.equal((await ids(unfloored, 'zzzqqq')).length, 2);
  assert.deepEqual(await ids(floored, 'zzzqqq'), []);
  assert.deepEqual(await ids(floored, 'zzzqqq', 'vector'), []);
  assert.deepEqual(await ids(floored, 'quarantined spool', 'vector'), [spool]);
  assert.deepEqual(await ids(floored, 'spool'), [spool]);
  assert.deepEqual(
    await ids(createSearcher({ db, mode: 'hybrid', vectors, runtime, minSimilarity: 1 }), 'tables'),
    [spool + 1],
  );
});
