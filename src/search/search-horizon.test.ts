import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import {
  HORIZON_BATCH,
  HORIZON_TABLE,
  horizonBoundary,
  openDatabase,
  refreshHorizon,
  type Db,
} from '../store/index.ts';
import { insertObservations, type BulkObservation } from '../../test/helpers/bulk-insert.ts';
import type { SearchFilters } from './filters.ts';
import { buildFtsQuery } from './fts-query.ts';
import { ftsRank } from './fts-search.ts';
import { embedText } from './embed-text.ts';
import { createHashEmbedder } from './embedders/hash-embedder.ts';
import { createVectorIndex } from './vector-index.ts';
import { loadSqliteVec, rebuildKnnIfStale } from './vector-space.ts';

/** A horizon of the newest 20 observations, kept from 40 on (the real sizes are 100k and 200k). */
const SIZE = { rows: 20, from: 40 };
const LIMIT = 5;

function open(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  return db;
}

/** Held by more than 10 rows, a term is common here: its matches are ranked newest first. */
const ids = (db: Db, text: string, filters: SearchFilters = {}): number[] =>
  ftsRank(db, buildFtsQuery(text)!, filters, LIMIT, { exactCap: 10 }).hits.map((hit) => hit.id);

/** What the horizon's own index holds for a word, oldest first. */
const indexed = (db: Db, word: string): number[] =>
  db
    .prepare(`SELECT rowid FROM ${HORIZON_TABLE} WHERE ${HORIZON_TABLE} MATCH ? ORDER BY rowid`)
    .pluck()
    .all(word) as number[];

/** 30 older observations naming `tokenizer` in their titles, then 30 newer in their narratives. */
function seedAges(db: Db): { old: number[]; fresh: number[] } {
  const old = Array.from({ length: 30 }, (_, i) =>
    seedObservation(db, { title: `tokenizer rewrite ${i}`, narrative: 'archive' }),
  );
  const fresh = Array.from({ length: 30 }, (_, i) =>
    seedObservation(db, { title: `change ${i}`, narrative: 'the tokenizer again, newer' }),
  );
  return { old, fresh };
}

test('below its threshold there is no horizon, and search ranks every match', (t) => {
  const db = open(t);
  const { old } = seedAges(db);
  assert.equal(refreshHorizon(db, { rows: 20, from: 100 }), 'none');
  assert.equal(horizonBoundary(db), undefined);
  const found = ids(db, 'tokenizer');
  assert.equal(found.length, LIMIT);
  assert.ok(
    found.every((id) => old.includes(id)),
    'the older title matches rank first',
  );
});

test('the horizon holds the newest rows, and a page of matches there is ranked there', (t) => {
  const db = open(t);
  const { old, fresh } = seedAges(db);
  assert.equal(refreshHorizon(db, SIZE), 'rebuilt');
  assert.equal(horizonBoundary(db), fresh[9]);
  assert.deepEqual(indexed(db, 'tokenizer'), fresh.slice(10));
  assert.deepEqual(indexed(db, 'archive'), []);
  // Twenty newer matches: the older title matches, which bm25 would put first, are past it.
  const recent = ids(db, 'tokenizer');
  assert.equal(recent.length, LIMIT);
  assert.ok(recent.every((id) => fresh.slice(10).includes(id)));
  // A search into the past reads the whole index.
  const past = ids(db, 'tokenizer', { until: Number.MAX_SAFE_INTEGER });
  assert.equal(past.length, LIMIT);
  assert.ok(past.every((id) => old.includes(id)));
  // Fewer than a page of matches in the horizon: the whole index, older rows found.
  assert.equal(ids(db, 'archive').length, LIMIT);
  assert.ok(ids(db, 'archive').every((id) => old.includes(id)));
  assert.equal(refreshHorizon(db, SIZE), 'kept');
});

test('the triggers keep the horizon in step with inserts, edits and deletes', (t) => {
  const db = open(t);
  const { fresh } = seedAges(db);
  refreshHorizon(db, SIZE);
  const added = seedObservation(db, { title: 'spool reader' });
  assert.deepEqual(indexed(db, 'spool'), [added]);
  db.prepare("UPDATE observations SET title = 'queue reader' WHERE id = ?").run(added);
  assert.deepEqual(indexed(db, 'spool'), []);
  assert.deepEqual(indexed(db, 'queue'), [added]);
  db.prepare('DELETE FROM observations WHERE id IN (?, ?)').run(added, fresh.at(-1));
  assert.deepEqual(indexed(db, 'queue'), []);
  assert.deepEqual(indexed(db, 'tokenizer'), fresh.slice(10, -1));
  db.prepare(`INSERT INTO ${HORIZON_TABLE} (${HORIZON_TABLE}) VALUES ('integrity-check')`).run();
});

const bulkRow = (i: number, title: string): BulkObservation => ({
  project: 'alpha',
  type: 'change',
  title,
  contentHash: `bulk-${title}-${i}`,
  createdAt: 1_800_000_000_000 + i,
});

test('a small bulk batch is indexed into the horizon; a large one drops it until the next rebuild', (t) => {
  const db = open(t);
  seedAges(db);
  refreshHorizon(db, SIZE);
  insertObservations(db, [bulkRow(0, 'ledger import'), bulkRow(1, 'ledger export')]);
  assert.equal(indexed(db, 'ledger').length, 2);
  const large = Array.from({ length: HORIZON_BATCH + 1 }, (_, i) => bulkRow(i, 'journal entry'));
  insertObservations(db, large);
  assert.equal(horizonBoundary(db), undefined);
  assert.deepEqual(indexed(db, 'ledger'), []);
  // Meanwhile search reads the whole index: the old title matches come back.
  assert.equal(ids(db, 'tokenizer rewrite').length, LIMIT);
  assert.equal(refreshHorizon(db, SIZE), 'rebuilt');
  assert.equal(indexed(db, 'journal').length, SIZE.rows);
});

test('a horizon grown past 1.5x its rows is rebuilt, and one in a shrunk memory is dropped', (t) => {
  const db = open(t);
  seedAges(db);
  refreshHorizon(db, SIZE);
  for (let i = 0; i < 10; i += 1) seedObservation(db, { title: `more ${i}` });
  assert.equal(refreshHorizon(db, SIZE), 'kept');
  seedObservation(db, { title: 'past' });
  assert.equal(refreshHorizon(db, SIZE), 'rebuilt');
  assert.equal(indexed(db, 'more').length + indexed(db, 'past').length, 11);
  db.prepare('DELETE FROM observations WHERE id IN (SELECT id FROM observations LIMIT 40)').run();
  assert.equal(refreshHorizon(db, SIZE), 'dropped');
  assert.equal(horizonBoundary(db), undefined);
  assert.deepEqual(indexed(db, 'more'), []);
});

const embedder = createHashEmbedder(64);

/** A vector index that always goes through the KNN (no exact ranking of a small scope). */
async function embedded(db: Db) {
  assert.equal(loadSqliteVec(db), true);
  const index = createVectorIndex(db, { exactLimit: 0 });
  const rows = index.pending(embedder.id, 1000);
  const vectors = await embedder.embed(rows.map(embedText));
  index.store(
    embedder.id,
    rows.map((row, i) => ({ row, vector: vectors[i]! })),
    1,
  );
  const spool = (await embedder.embed(['quarantine the spool reader']))[0]!;
  const near = (filters: SearchFilters = {}) =>
    index.search(spool, filters, LIMIT).map((hit) => hit.id);
  return { near };
}

test('vector search in a large memory scans the buckets of its horizon when they hold a shortlist', async (t) => {
  const db = open(t);
  const old = Array.from({ length: 70 }, () =>
    seedObservation(db, { title: 'spool reader quarantine' }),
  );
  // The KNN's buckets are 32,768 ids: these land two buckets later.
  db.prepare(
    `INSERT INTO observations (id, project, type, title, content_hash, created_at, updated_at)
     VALUES (70000, 'alpha', 'change', 'markdown parser tables', 'far', 1, 1)`,
  ).run();
  const fresh = [
    70000,
    ...Array.from({ length: 69 }, () => seedObservation(db, { title: 'markdown parser tables' })),
  ];
  const { near } = await embedded(db);
  assert.ok(near().every((id) => old.includes(id)));
  db.prepare('UPDATE search_horizon SET kept = 1, boundary = 69999').run();
  const recent = near();
  assert.equal(recent.length, LIMIT);
  assert.ok(recent.every((id) => fresh.includes(id)));
  assert.ok(near({ until: Number.MAX_SAFE_INTEGER }).every((id) => old.includes(id)));
});

test('a KNN table made before its id buckets is rebuilt from the stored vectors', async (t) => {
  const db = open(t);
  const spool = seedObservation(db, { title: 'spool reader quarantine' });
  seedObservation(db, { title: 'markdown parser tables' });
  const { near } = await embedded(db);
  db.exec(`DROP TABLE observation_vectors;
    CREATE VIRTUAL TABLE observation_vectors USING vec0(project text partition key, embedding bit[64]);`);
  assert.deepEqual(near(), []);
  rebuildKnnIfStale(db);
  const sql = db
    .prepare("SELECT sql FROM sqlite_master WHERE name = 'observation_vectors'")
    .pluck()
    .get();
  assert.match(String(sql), /bucket integer partition key/);
  assert.equal(near()[0], spool);
  assert.equal(near().length, 2);
});
