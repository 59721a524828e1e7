import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { sizedVectors } from '../../test/helpers/sized-embedder.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import Database from 'better-sqlite3';
import { migrate, openDatabase, type Db } from '../store/index.ts';
import { MIGRATIONS } from '../store/migrations/index.ts';
import { embedText } from './embed-text.ts';
import { createVectorIndex, type VectorIndex } from './vector-index.ts';
import { loadSqliteVec, rebuildKnnIfStale } from './vector-space.ts';

function open(t: TestContext, exactLimit?: number): { db: Db; index: VectorIndex } {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  assert.equal(loadSqliteVec(db), true);
  return { db, index: createVectorIndex(db, { exactLimit }) };
}

/** Embeds up to `limit` pending rows with `model`'s vectors of `dimensions`. */
async function embed(index: VectorIndex, model: string, dimensions: number, limit = 1000) {
  const rows = index.pending(model, limit);
  const vectors = await sizedVectors(rows.map(embedText), dimensions);
  index.store(
    model,
    rows.map((row, i) => ({ row, vector: vectors[i]! })),
    1,
  );
  return rows.map((row) => row.id);
}

const WORDS = 'spool reader parser token budget worker daemon queue lock schema'.split(' ');

function seedGrid(db: Db): Map<string, number> {
  const ids = new Map<string, number>();
  for (const a of WORDS)
    for (const b of WORDS) ids.set(`${a} ${b}`, seedObservation(db, { title: `${a} ${b}` }));
  return ids;
}

for (const dimensions of [3, 12, 100, 768]) {
  test(`vectors of ${dimensions} dimensions are stored and found, exactly and through the KNN`, async (t) => {
    for (const exactLimit of [0, 3000]) {
      const { db, index } = open(t, exactLimit);
      const ids = seedGrid(db);
      await embed(index, `m-${dimensions}`, dimensions);
      assert.equal(index.dimensions(), dimensions);
      const [q] = await sizedVectors(['parser daemon'], dimensions);
      const hits = index.search(q!, {}, 5).map((hit) => hit.id);
      assert.equal(hits.length, 5, `exactLimit ${exactLimit}`);
      if (dimensions >= 100)
        assert.ok(hits.includes(ids.get('parser daemon')!), `exactLimit ${exactLimit}`);
      const stored = db.prepare('SELECT DISTINCT dimensions FROM recall_vectors').pluck().all();
      assert.deepEqual(stored, [dimensions]);
    }
  });
}

test('the KNN table of an odd size is refilled when vectors come back from Chroma', async (t) => {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  loadSqliteVec(db);
  const ids = seedGrid(db);
  await embed(createVectorIndex(db, { knn: false }), 'm-12', 12);
  rebuildKnnIfStale(db);
  const index = createVectorIndex(db, { exactLimit: 0 });
  const [q] = await sizedVectors(['queue lock'], 12);
  assert.equal(index.search(q!, {}, 5).length, 5);
  assert.equal(db.prepare('SELECT COUNT(*) FROM observation_vectors').pluck().get(), ids.size);
});

test('after a switch, only the new model ranks: old vectors stay stored but are never searched', async (t) => {
  for (const exactLimit of [0, 3000]) {
    const { db, index } = open(t, exactLimit);
    seedGrid(db);
    await embed(index, 'model-a', 64);
    assert.equal(index.filling(), 'model-a'); // A first fill is a fill too.
    index.finishFilling('model-a');
    // Same size, so a mix would not even fail: it must be kept out by the model.
    index.begin('model-b', 64);
    assert.deepEqual(
      [index.model(), index.filling(), index.previous()],
      ['model-b', 'model-b', 'model-a'],
    );
    const switched = await embed(index, 'model-b', 64, 10);
    assert.equal(
      db.prepare("SELECT COUNT(*) FROM recall_vectors WHERE model = 'model-a'").pluck().get(),
      90,
    );
    const [q] = await sizedVectors(['spool reader'], 64);
    const found = index.search(q!, {}, 50).map((hit) => hit.id);
    assert.deepEqual(new Set(found), new Set(switched), `exactLimit ${exactLimit}`);
    assert.deepEqual(index.counts('model-b'), { embedded: 10, total: 100 });
    assert.equal(index.pending('model-b', 1000).length, 90);
    // A query of another size (the old model's) finds nothing rather than an error or a mix.
    const [old] = await sizedVectors(['spool reader'], 32);
    assert.deepEqual(index.search(old!, {}, 5), []);
    await embed(index, 'model-b', 64);
    index.finishFilling('model-b');
    assert.deepEqual([index.filling(), index.previous()], [undefined, undefined]);
    assert.equal(
      db.prepare("SELECT COUNT(*) FROM recall_vectors WHERE model <> 'model-b'").pluck().get(),
      0,
    );
  }
});

test('the same model answering another size is a new space: its old vectors are pending again', async (t) => {
  const { db, index } = open(t);
  seedGrid(db);
  await embed(index, 'ollama-model', 64);
  index.finishFilling('ollama-model');
  await embed(index, 'ollama-model', 64); // Nothing pending: no-op.
  index.begin('ollama-model', 48);
  assert.equal(index.filling(), 'ollama-model');
  assert.equal(index.pending('ollama-model', 1000).length, 100);
  assert.deepEqual(index.counts('ollama-model'), { embedded: 0, total: 100 });
});

test('a batch of vectors of two sizes is refused, nothing stored', async (t) => {
  const { db, index } = open(t);
  seedObservation(db, { title: 'a' });
  seedObservation(db, { title: 'b' });
  const rows = index.pending('m', 10);
  const [a] = await sizedVectors(['a'], 16);
  const [b] = await sizedVectors(['b'], 24);
  assert.throws(
    () =>
      index.store(
        'm',
        [
          { row: rows[0]!, vector: a! },
          { row: rows[1]!, vector: b! },
        ],
        1,
      ),
    /16 and 24 dimensions/,
  );
  assert.equal(db.prepare('SELECT COUNT(*) FROM recall_vectors').pluck().get(), 0);
});

test('migration 010 gives the vectors stored before it their size, read from the blob', (t) => {
  const db = new Database(join(tempDir(t), 'old.db'));
  t.after(() => db.close());
  migrate(
    db,
    MIGRATIONS.filter((m) => m.version <= 7),
  );
  const id = seedObservation(db, { title: 'stored before 010' });
  db.prepare(
    `INSERT INTO recall_vectors (observation_id, project, model, embedding, source_updated_at, created_at)
     VALUES (?, 'alpha', 'energetic-ai/use-lite-512', ?, 1, 1)`,
  ).run(id, Buffer.from(new Float32Array(512).buffer));
  migrate(db);
  assert.deepEqual(db.prepare('SELECT model, dimensions FROM recall_vectors').all(), [
    { model: 'energetic-ai/use-lite-512', dimensions: 512 },
  ]);
});
