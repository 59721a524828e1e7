import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { planOf, recordQueries } from '../../test/helpers/query-plans.ts';
import { insertObservations } from '../../test/helpers/bulk-insert.ts';
import { openDatabase, type Db } from '../store/index.ts';
import { embedText } from './embed-text.ts';
import { createHashEmbedder } from './embedders/hash-embedder.ts';
import { createVectorIndex, type VectorIndex } from './vector-index.ts';
import { loadSqliteVec } from './vector-space.ts';
import { RERANK_WINDOW } from './vector-rank.ts';

const embedder = createHashEmbedder(64);

function open(t: TestContext, exactLimit?: number): { db: Db; index: VectorIndex } {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  assert.equal(loadSqliteVec(db), true);
  return { db, index: createVectorIndex(db, { exactLimit }) };
}

/** Embeds everything pending with `model` (the hash embedder under that name). */
async function embedAll(index: VectorIndex, model = embedder.id, at = 1): Promise<number> {
  const rows = index.pending(model, 1000);
  const vectors = await embedder.embed(rows.map(embedText));
  index.store(
    model,
    rows.map((row, i) => ({ row, vector: vectors[i]! })),
    at,
  );
  return rows.length;
}

const query = async (text: string): Promise<Float32Array> => (await embedder.embed([text]))[0]!;

test('stored vectors are found nearest first, and nothing stays pending', async (t) => {
  const { db, index } = open(t);
  const spool = seedObservation(db, { title: 'spool reader quarantine' });
  const parser = seedObservation(db, { title: 'markdown parser tables' });
  assert.equal(await embedAll(index), 2);
  assert.deepEqual(index.pending(embedder.id, 10), []);
  const hits = index.search(await query('quarantine the spool'), {}, 2);
  assert.deepEqual(
    hits.map((hit) => hit.id),
    [spool, parser],
  );
  assert.ok(hits[0]!.score < hits[1]!.score);
  assert.deepEqual(index.counts(embedder.id), { embedded: 2, total: 2 });
});

test('filters apply to vector search: project, type', async (t) => {
  const { db, index } = open(t);
  const a = seedObservation(db, { title: 'cache layer', type: 'bugfix' });
  const b = seedObservation(db, { title: 'cache layer', project: 'beta' });
  await embedAll(index);
  const vector = await query('cache');
  assert.deepEqual(
    index.search(vector, { project: 'beta' }, 5).map((hit) => hit.id),
    [b],
  );
  assert.deepEqual(
    index.search(vector, { types: ['bugfix'] }, 5).map((hit) => hit.id),
    [a],
  );
});

test('an edited observation is pending again until re-embedded', async (t) => {
  const { db, index } = open(t);
  const id = seedObservation(db, { title: 'old title' });
  await embedAll(index);
  db.prepare(
    "UPDATE observations SET title = 'new title', updated_at = updated_at + 1 WHERE id = ?",
  ).run(id);
  assert.deepEqual(
    index.pending(embedder.id, 10).map((row) => row.id),
    [id],
  );
  await embedAll(index);
  assert.deepEqual(index.pending(embedder.id, 10), []);
});

test('a deleted observation leaves search at once and its KNN entry is swept', async (t) => {
  const { db, index } = open(t);
  const keep = seedObservation(db, { title: 'keep me' });
  const gone = seedObservation(db, { title: 'forget me' });
  await embedAll(index);
  db.prepare('DELETE FROM observations WHERE id = ?').run(gone);
  assert.deepEqual(
    index.search(await query('forget me'), {}, 5).map((hit) => hit.id),
    [keep],
  );
  assert.equal(index.sweep(), 1);
  assert.equal(index.sweep(), 0);
});

test('drop removes the KNN entries of deleted observations at once', async (t) => {
  const { db, index } = open(t);
  const gone = seedObservation(db, { title: 'forget me' });
  await embedAll(index);
  db.prepare('DELETE FROM observations WHERE id = ?').run(gone);
  index.drop([gone]);
  assert.equal(index.sweep(), 0);
});

test('a vector computed for a row deleted meanwhile is dropped', async (t) => {
  const { db, index } = open(t);
  const id = seedObservation(db, { title: 'short lived' });
  const rows = index.pending(embedder.id, 10);
  db.prepare('DELETE FROM observations WHERE id = ?').run(id);
  index.store(embedder.id, [{ row: rows[0]!, vector: await query('short lived') }], 1);
  assert.deepEqual(index.counts(embedder.id), { embedded: 0, total: 0 });
});

test('another model resets the index and everything is pending again', async (t) => {
  const { db, index } = open(t);
  seedObservation(db, { title: 'one' });
  seedObservation(db, { title: 'two' });
  await embedAll(index, 'model-a');
  assert.equal(index.model(), 'model-a');
  assert.equal(index.pending('model-b', 10).length, 2);
  await embedAll(index, 'model-b');
  assert.equal(index.model(), 'model-b');
  assert.deepEqual(index.counts('model-a').embedded, 0);
  assert.deepEqual(index.counts('model-b').embedded, 2);
});

test('search before any vector is stored finds nothing', async (t) => {
  const { db, index } = open(t);
  seedObservation(db, { title: 'unembedded' });
  assert.deepEqual(index.search(await query('unembedded'), {}, 5), []);
  assert.equal(index.sweep(), 0);
});

test('beyond the exact limit, the binary KNN shortlist + exact rerank finds the nearest', async (t) => {
  const { db, index } = open(t, 10);
  const words = 'spool reader parser token budget worker daemon queue lock schema'.split(' ');
  const ids = words.flatMap((a) => words.map((b) => seedObservation(db, { title: `${a} ${b}` })));
  await embedAll(index);
  const hits = index.search(await query('parser daemon'), {}, 3);
  const at = (a: string, b: string) => ids[words.indexOf(a) * words.length + words.indexOf(b)];
  assert.deepEqual(
    new Set(hits.slice(0, 2).map((hit) => hit.id)),
    new Set([at('parser', 'daemon'), at('daemon', 'parser')]),
  );
  assert.deepEqual(index.search(await query('parser daemon'), { project: 'alpha' }, 3), hits);
  assert.equal(index.search(await query('x'), { project: 'beta' }, 3).length, 0);
});

test('a narrow filter ranks the newest rows under it exactly, read newest first by index', async (t) => {
  const { db, index } = open(t);
  const row = (i: number, title: string) => ({
    project: 'alpha',
    type: 'bugfix',
    title,
    contentHash: `h${i}`,
    createdAt: 1_000_000 + i * 1000,
  });
  // Ten old observations nearest the query, then a window's worth of newer ones.
  insertObservations(db, [
    ...Array.from({ length: 10 }, (_, i) => row(i, 'spool reader quarantine')),
    ...Array.from({ length: RERANK_WINDOW }, (_, i) => row(10 + i, `markdown parser tables ${i}`)),
  ]);
  while ((await embedAll(index)) > 0);
  const vector = await query('quarantine the spool reader');
  const recorded = recordQueries(db);
  const recent = createVectorIndex(recorded.db).search(vector, { types: ['bugfix'] }, 5);
  assert.equal(recent.length, 5);
  assert.ok(
    recent.every((hit) => hit.id > 10),
    'the old rows are past the window',
  );
  const past = index.search(vector, { types: ['bugfix'], until: 1_000_000 + 9 * 1000 }, 5);
  assert.deepEqual(
    past.map((hit) => hit.id).sort((a, b) => a - b),
    [6, 7, 8, 9, 10],
  );
  const window = recorded.ran.find((ran) => ran.sql.includes('LIMIT 3000'));
  assert.ok(window, 'the ranking ran over a window');
  const plan = planOf(db, window).join('\n');
  assert.match(plan, /USING INDEX observations_by_time/);
  assert.doesNotMatch(plan, /TEMP B-TREE FOR ORDER BY[\s\S]*TEMP B-TREE FOR ORDER BY/);
});
