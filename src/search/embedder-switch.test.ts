import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { recordingLogger } from '../../test/helpers/logger.ts';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { sizedVectors } from '../../test/helpers/sized-embedder.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { observationsMark, openDatabase, type Db } from '../store/index.ts';
import { createEmbeddingRuntime, type EmbeddingRuntime } from './embedding-runtime.ts';
import { EmbedderError, type Embedder } from './embedders/embedder.ts';
import { createSearcher } from './search.ts';
import { createVectorIndex } from './vector-index.ts';
import { loadSqliteVec } from './vector-space.ts';

/** An embedder named `id` of `dimensions` that fails once it has embedded `failAfter` texts. */
function embedderOf(id: string, dimensions: number, failAfter = Infinity) {
  const seen: string[] = [];
  const embedder: Embedder & { seen: string[] } = {
    id,
    seen,
    embed(texts) {
      const stored = seen.filter((text) => text !== 'warm up').length;
      if (stored + texts.length > failAfter && texts[0] !== 'warm up') {
        return Promise.reject(new EmbedderError('PROVIDER_UNAVAILABLE', 'server went away'));
      }
      seen.push(...texts);
      return sizedVectors(texts, dimensions);
    },
  };
  return embedder;
}

function runtimeOf(t: TestContext, db: Db, embedder: Embedder): EmbeddingRuntime {
  const runtime = createEmbeddingRuntime({
    index: createVectorIndex(db, { exactLimit: 0 }),
    embedder,
    changeMark: () => observationsMark(db),
    log: recordingLogger(),
    batchSize: 2,
    intervalMs: 60_000,
  });
  t.after(() => runtime.stop());
  return runtime;
}

const searcherOf = (db: Db, runtime: EmbeddingRuntime) =>
  createSearcher({
    db,
    mode: 'hybrid',
    vectors: createVectorIndex(db, { exactLimit: 0 }),
    runtime,
  });

const TOPICS = ['spool reader', 'parser tables', 'token budget', 'worker daemon', 'queue lock'];

test('a switch of embedder re-embeds with progress, searches full text meanwhile, resumes after a restart', async (t) => {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  loadSqliteVec(db);
  for (let i = 0; i < 20; i += 1) seedObservation(db, { title: `${TOPICS[i % 5]} note ${i}` });

  const before = runtimeOf(t, db, embedderOf('model-a', 24));
  await before.drain();
  assert.equal((await searcherOf(db, before).search(request('spool reader'))).mode, 'hybrid');
  await before.stop();

  // The switch: model-b (100-d) gets through 6 observations, then its server goes away.
  const failing = embedderOf('model-b', 100, 6);
  const during = runtimeOf(t, db, failing);
  await assert.rejects(during.drain(), /server went away/);
  const status = during.status();
  assert.deepEqual(
    [status.model, status.embedded, status.total, status.switch, status.vectorsInSearch],
    ['model-b', 6, 20, { from: 'model-a' }, false],
  );
  assert.equal(await during.queryVector('spool reader'), undefined);
  const result = await searcherOf(db, during).search(request('spool reader'));
  assert.equal(result.mode, 'fts');
  assert.equal(result.hits.length, 4);
  await during.stop();

  // A restarted worker carries on from the database: only the 14 left are embedded.
  const resumed = embedderOf('model-b', 100);
  const after = runtimeOf(t, db, resumed);
  assert.deepEqual(after.status().switch, { from: 'model-a' });
  await after.drain();
  assert.equal(resumed.seen.filter((text) => text !== 'warm up').length, 14);
  const done = after.status();
  assert.deepEqual(
    [done.embedded, done.total, done.switch, done.vectorsInSearch, done.dimensions],
    [20, 20, undefined, true, 100],
  );
  const hybrid = await searcherOf(db, after).search(request('spool reader'));
  assert.equal(hybrid.mode, 'hybrid');
  const models = db.prepare('SELECT DISTINCT model FROM recall_vectors').pluck().all();
  assert.deepEqual(models, ['model-b']);
});

test('the hybrid weight comes from the searcher: a strong embedder lets a vector-only match rise', async (t) => {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  loadSqliteVec(db);
  // Full text: `exact` (every word), then `worded` (one word). Vectors: `meant`, then `exact`.
  const exact = seedObservation(db, { title: 'cache eviction policy' });
  const worded = seedObservation(db, { title: 'cache warmup on start' });
  const meant = seedObservation(db, { title: 'stale entries are dropped when memory runs low' });
  const vectors = {
    search: () => [
      { id: meant, score: 0.1 },
      { id: exact, score: 0.2 },
    ],
  };
  const runtime = {
    queryVector: () => Promise.resolve(new Float32Array([1])),
  } as unknown as EmbeddingRuntime;
  const rank = async (vectorWeight: number) =>
    (
      await createSearcher({ db, mode: 'hybrid', vectors, runtime, vectorWeight }).search(
        request('cache eviction'),
      )
    ).hits.map((hit) => hit.id);
  assert.deepEqual(await rank(0.1), [exact, worded, meant]);
  assert.deepEqual(await rank(1), [exact, meant, worded]);
});

function request(query: string) {
  return { query, filters: {}, limit: 10, offset: 0 };
}
