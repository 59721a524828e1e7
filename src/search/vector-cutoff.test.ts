import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { silentLogger } from '../../test/helpers/logger.ts';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { observationsMark, openDatabase, refreshHorizon } from '../store/index.ts';
import { createEmbeddingRuntime } from './embedding-runtime.ts';
import { createHashEmbedder } from './embedders/hash-embedder.ts';
import { createSearcher, type SearchRequest } from './search.ts';
import { createVectorIndex } from './vector-index.ts';
import { loadSqliteVec } from './vector-space.ts';

const WORDS = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima'.split(' ');

/**
 * One old memory (id 1), then 80 newer ones from id 40,001 on (a bucket of the KNN shortlist
 * holds 32,768 ids), a search horizon over the newest 30, and vectors for all: a vector search
 * that shortlists among the horizon's buckets never sees the old memory.
 */
async function pastTheHorizon(t: TestContext) {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  loadSqliteVec(db);
  // An exact ranking below 10 vectors in scope: 81 go through the KNN shortlist.
  const index = createVectorIndex(db, { exactLimit: 10 });
  const runtime = createEmbeddingRuntime({
    index,
    embedder: createHashEmbedder(128),
    changeMark: () => observationsMark(db),
    log: silentLogger,
  });
  t.after(async () => {
    await runtime.stop();
    db.close();
  });
  const old = seedObservation(db, { project: 'p', title: 'kafka consumer offsets commit' });
  for (let i = 0; i < 80; i += 1) {
    const words = [0, 1, 2].map((k) => WORDS[(i * 5 + k * 7) % WORDS.length]).join(' ');
    seedObservation(db, { project: 'p', title: `${words} ${i}` });
  }
  // Ids past the first bucket: a year of memory in a few rows (triggers keep the indexes).
  db.prepare('UPDATE observations SET id = id + 40000 WHERE id > ?').run(old);
  await runtime.drain();
  assert.equal(refreshHorizon(db, { rows: 30, from: 50 }), 'rebuilt');
  const searcher = createSearcher({ db, mode: 'vector', vectors: index, runtime });
  return { old, searcher };
}

const request = (over: Partial<SearchRequest> = {}): SearchRequest => ({
  query: 'kafka consumer offsets',
  filters: { project: 'p' },
  limit: 5,
  offset: 0,
  ...over,
});

test('a vector shortlist cut at the horizon says so, and allTime reads every bucket', async (t) => {
  const { old, searcher } = await pastTheHorizon(t);
  const cut = await searcher.search(request());
  assert.equal(cut.mode, 'vector');
  assert.ok(!cut.hits.some((hit) => hit.id === old), 'the old memory was not shortlisted');
  assert.ok(cut.partial, 'the answer says the vectors looked at the newest only');
  const all = await searcher.search(request({ allTime: true }));
  assert.equal(all.hits[0]?.id, old);
  assert.equal(all.partial, undefined);
});

test('hybrid carries the vector cut-off too', async (t) => {
  const { searcher } = await pastTheHorizon(t);
  const cut = await searcher.search(request({ mode: 'hybrid', query: 'alpha bravo' }));
  assert.equal(cut.mode, 'hybrid');
  assert.ok(cut.partial);
  const all = await searcher.search(
    request({ mode: 'hybrid', query: 'alpha bravo', allTime: true }),
  );
  assert.equal(all.partial, undefined);
});
