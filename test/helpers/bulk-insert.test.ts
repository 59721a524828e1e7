import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { tempDir } from './temp-dir.ts';
import { insertObservations, type BulkObservation } from './bulk-insert.ts';
import {
  mergeFullText,
  openDatabase,
  withDeferredIndexing,
  type Db,
} from '../../src/store/index.ts';

function open(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  return db;
}

const row = (i: number, title: string): BulkObservation => ({
  project: i % 2 === 0 ? 'even' : 'odd',
  type: 'discovery',
  title,
  narrative: `narrative number ${i}`,
  facts: [`fact ${i}`],
  contentHash: `h${i}`,
  createdAt: 1_000 + i,
});

const matches = (db: Db, word: string): number[] =>
  db
    .prepare('SELECT rowid FROM observations_fts WHERE observations_fts MATCH ? ORDER BY rowid')
    .pluck()
    .all(word) as number[];

test('bulk-inserted observations are found by full text, and the trigger indexes later rows', (t) => {
  const db = open(t);
  const added = insertObservations(db, [row(1, 'alpha spool'), row(2, 'beta spool')]);
  assert.equal(added, 2);
  assert.deepEqual(matches(db, 'spool'), [1, 2]);
  assert.deepEqual(matches(db, 'narrative'), [1, 2]);
  db.prepare(
    `INSERT INTO observations (project, type, title, content_hash, created_at, updated_at)
     VALUES ('odd', 'change', 'gamma spool', 'h3', 5, 5)`,
  ).run();
  assert.deepEqual(matches(db, 'spool'), [1, 2, 3]);
  assert.deepEqual(matches(db, 'gamma'), [3]);
});

test('the full-text index is consistent after bulk inserts, edits and deletes', (t) => {
  const db = open(t);
  insertObservations(
    db,
    Array.from({ length: 500 }, (_, i) => row(i, `title ${i} worker`)),
  );
  insertObservations(db, [row(1000, 'late arrival')]);
  db.prepare("UPDATE observations SET title = 'renamed' WHERE id = 7").run();
  db.prepare('DELETE FROM observations WHERE id = 8').run();
  db.prepare("INSERT INTO observations_fts (observations_fts) VALUES ('integrity-check')").run();
  assert.equal(matches(db, 'worker').length, 498);
  assert.deepEqual(matches(db, 'renamed'), [7]);
  assert.deepEqual(matches(db, 'arrival'), [501]);
});

test('a stored (session, content hash) is skipped, and a failing batch leaves nothing', (t) => {
  const db = open(t);
  db.prepare(
    `INSERT INTO sessions (id, session_id, project, project_root, cwd, started_at, updated_at)
     VALUES (1, 's1', 'app', '/app', '/app', 0, 0)`,
  ).run();
  const inSession = { ...row(1, 'once'), sessionRowId: 1 };
  assert.equal(insertObservations(db, [inSession]), 1);
  assert.equal(insertObservations(db, [inSession, { ...row(2, 'twice'), sessionRowId: 1 }]), 1);
  assert.throws(() =>
    insertObservations(db, [row(3, 'lost'), { ...row(4, 'bad'), sessionRowId: 99 }]),
  );
  assert.deepEqual(matches(db, 'lost'), []);
  const triggers = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'observations_fts%'",
    )
    .pluck()
    .all();
  assert.deepEqual(triggers.sort(), [
    'observations_fts_delete',
    'observations_fts_insert',
    'observations_fts_update',
  ]);
});

test('the deferred indexing follows the schema: a trigger that transforms values is replayed alike', (t) => {
  const db = open(t);
  // The shape of a later migration's trigger: expressions with calls and nested parentheses.
  db.exec(`DROP TRIGGER observations_fts_insert;
    CREATE TRIGGER observations_fts_insert AFTER INSERT ON observations BEGIN
      INSERT INTO observations_fts (rowid, title, subtitle, facts, narrative, concepts)
      VALUES (new.id, new.title, new.subtitle, new.facts,
        trim(replace(new.narrative, 'number', 'numeral')), new.concepts);
    END;`);
  insertObservations(db, [row(1, 'first'), row(2, 'second')]);
  assert.deepEqual(matches(db, 'numeral'), [1, 2]);
  assert.deepEqual(matches(db, 'number'), []);
  const trigger = db
    .prepare("SELECT sql FROM sqlite_master WHERE name = 'observations_fts_insert'")
    .pluck()
    .get() as string;
  assert.match(trigger, /replace\(new\.narrative, 'number', 'numeral'\)/);
});

test('bulk-inserted text goes through the privacy door', (t) => {
  const db = open(t);
  insertObservations(db, [
    { ...row(1, 'kept <private>hidden words</private> title'), facts: ['<private>gone</private>'] },
  ]);
  const stored = db.prepare('SELECT title, facts FROM observations').get() as {
    title: string;
    facts: string;
  };
  assert.doesNotMatch(stored.title + stored.facts, /hidden|gone/);
  assert.deepEqual(matches(db, 'hidden'), []);
  assert.deepEqual(matches(db, 'kept'), [1]);
});

/** Row `i` with file lists, as the bulk path takes it and as one plain INSERT writes it. */
const filed = (i: number): BulkObservation => ({
  ...row(i, `filed ${i}`),
  project: `p${i % 3}`,
  filesRead: [`src/a/${i % 4}.ts`, 'README.md'],
  filesModified: i % 2 === 0 ? [`src/b/m${i % 4}.ts`, 'README.md'] : [],
});

function insertOneByOne(db: Db, rows: readonly BulkObservation[]): void {
  const insert = db.prepare(
    `INSERT INTO observations (project, type, title, narrative, facts, files_read,
       files_modified, content_hash, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const o of rows) {
    insert.run(
      o.project,
      o.type,
      o.title,
      o.narrative,
      JSON.stringify(o.facts),
      JSON.stringify(o.filesRead ?? []),
      JSON.stringify(o.filesModified ?? []),
      o.contentHash,
      o.createdAt,
      o.createdAt,
    );
  }
}

const derived = (db: Db): unknown[] => [
  db.prepare('SELECT project, n FROM observation_counts ORDER BY project').all(),
  db.prepare('SELECT name, observation_id FROM observation_file_names ORDER BY 1, 2').all(),
  matches(db, 'filed'),
  matches(db, 'readme'),
];

test('deferred counts and file names leave the same rows as the per-row triggers', (t) => {
  const [bulk, perRow] = [open(t), open(t)];
  const first = Array.from({ length: 12 }, (_, i) => filed(i));
  const second = Array.from({ length: 9 }, (_, i) => filed(i + 12));
  insertObservations(bulk, first);
  insertObservations(bulk, second);
  insertOneByOne(perRow, [...first, ...second]);
  assert.deepEqual(derived(bulk), derived(perRow));
  assert.deepEqual(derived(bulk)[0], [
    { project: 'p0', n: 7 },
    { project: 'p1', n: 7 },
    { project: 'p2', n: 7 },
  ]);
  assert.equal((derived(bulk)[1] as unknown[]).length, 21 * 2 + 11);
  const triggers = bulk
    .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'observation_%'")
    .pluck()
    .all();
  assert.ok(triggers.includes('observation_counts_insert'));
  assert.ok(triggers.includes('observation_file_names_insert'));
});

test('deferred agents and team queue leave the same rows as the per-row triggers', (t) => {
  const [bulk, perRow] = [open(t), open(t)];
  const teamRow = (db: Db, i: number) =>
    db
      .prepare(
        `INSERT INTO observations (project, type, title, content_hash, scope, created_at,
           updated_at) VALUES ('app', 'change', ?, ?, 'team', ?, ?)`,
      )
      .run(`shared ${i}`, `t${i}`, i, i);
  for (const db of [bulk, perRow]) {
    db.prepare(
      `INSERT INTO sessions (id, session_id, project, project_root, cwd, started_at, updated_at,
         agent) VALUES (1, 's1', 'app', '/app', '/app', 0, 0, 'codex')`,
    ).run();
  }
  const rows = [1, 2, 3].map((i) => ({ ...row(i, `by codex ${i}`), sessionRowId: 1 }));
  insertObservations(bulk, rows);
  withDeferredIndexing(bulk, () => [4, 5].forEach((i) => teamRow(bulk, i)));
  const perRowInsert = perRow.prepare(
    `INSERT INTO observations (session_id, project, type, title, content_hash, created_at,
       updated_at) VALUES (1, ?, ?, ?, ?, ?, ?)`,
  );
  for (const o of rows) {
    perRowInsert.run(o.project, o.type, o.title, o.contentHash, o.createdAt, o.createdAt);
  }
  [4, 5].forEach((i) => teamRow(perRow, i));
  const state = (db: Db) => [
    db.prepare('SELECT id, agent, global_id IS NOT NULL AS shared FROM observations').all(),
    db.prepare('SELECT kind, item_id, op FROM team_outbox ORDER BY id').all(),
  ];
  assert.deepEqual(state(bulk), state(perRow));
  assert.deepEqual(state(bulk)[1], [
    { kind: 'observation', item_id: 4, op: 'upsert' },
    { kind: 'observation', item_id: 5, op: 'upsert' },
  ]);
});

test('a row inserted with an id below the newest is indexed when the batch is told of it', (t) => {
  const db = open(t);
  insertObservations(db, [row(1, 'first'), row(2, 'second'), row(3, 'third')]);
  db.prepare('DELETE FROM observations WHERE id = 2').run();
  withDeferredIndexing(db, (noted) => {
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO observations (id, project, type, title, content_hash, created_at, updated_at)
         VALUES (2, 'even', 'change', 'restored spool', 'r2', 2, 2)`,
      )
      .run();
    noted(lastInsertRowid);
  });
  assert.deepEqual(matches(db, 'restored'), [2]);
  db.prepare("INSERT INTO observations_fts (observations_fts) VALUES ('integrity-check')").run();
  const triggers = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%AFTER INSERT ON observations%'",
    )
    .pluck()
    .all();
  assert.deepEqual([...triggers].sort(), [
    'observation_counts_insert',
    'observation_file_names_insert',
    'observations_agent',
    'observations_fts_insert',
    'observations_recent_insert',
    'observations_team_insert',
  ]);
});

/** Segments of the full-text index: the ids in its data rows' ids (FTS5's on-disk format). */
const segments = (db: Db): number =>
  db
    .prepare('SELECT count(DISTINCT rowid >> 37) FROM observations_fts_data WHERE rowid >> 37 > 0')
    .pluck()
    .get() as number;

test('a batch leaves the automerge setting as it was, and idle merging takes its segments', (t) => {
  const db = open(t);
  const automerge = () =>
    db.prepare("SELECT v FROM observations_fts_config WHERE k = 'automerge'").pluck().get();
  assert.equal(automerge(), undefined);
  for (let batch = 0; batch < 6; batch += 1) {
    insertObservations(db, [row(batch * 2, `batch ${batch}`), row(batch * 2 + 1, 'more')]);
  }
  assert.equal(automerge(), 4, "FTS5's default, written back");
  assert.equal(segments(db), 6, 'one segment a batch');
  mergeFullText(db);
  assert.equal(segments(db), 1);
  db.prepare("INSERT INTO observations_fts (observations_fts, rank) VALUES ('automerge', 8)").run();
  insertObservations(db, [row(100, 'after')]);
  assert.equal(automerge(), 8, 'a configured value is kept');
  db.prepare("INSERT INTO observations_fts (observations_fts) VALUES ('integrity-check')").run();
  assert.deepEqual(matches(db, 'batch').length, 6);
});
