import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { openTestDb } from '../../../test/helpers/test-db.ts';
import { type Db } from '../db.ts';

function open(t: TestContext): Db {
  const db = openTestDb(t);
  db.prepare(
    `INSERT INTO sessions (id, session_id, project, project_root, cwd, started_at, updated_at)
     VALUES (1, 's1', 'alpha', '/alpha', '/alpha', 0, 0)`,
  ).run();
  return db;
}

/** Row ids the full-text index finds for `query`. */
const match = (db: Db, table: string, query: string): number[] =>
  db
    .prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid`)
    .pluck()
    .all(query) as number[];

/** Row ids the full-text index finds for each query, in order. */
const matches = (db: Db, table: string, ...queries: string[]): number[][] =>
  queries.map((query) => match(db, table, query));

/**
 * FTS5's own consistency check; with rank 1 it also compares the index against the external
 * content table, so a missed trigger shows up as SQLITE_CORRUPT_VTAB.
 */
const integrityCheck = (db: Db, table: string): void => {
  db.prepare(`INSERT INTO ${table} (${table}, rank) VALUES ('integrity-check', 1)`).run();
};

function insertObservation(db: Db, title: string, narrative: string): number {
  return Number(
    db
      .prepare(
        `INSERT INTO observations (session_id, project, type, title, narrative, content_hash,
           created_at, updated_at) VALUES (1, 'alpha', 'discovery', ?, ?, ?, 0, 0)`,
      )
      .run(title, narrative, `${title}|${narrative}`).lastInsertRowid,
  );
}

function insertSummary(db: Db, learned: string): number {
  return Number(
    db
      .prepare(
        `INSERT INTO summaries (session_id, project, prompt_number, learned, created_at)
         VALUES (1, 'alpha', 1, ?, 0)`,
      )
      .run(learned).lastInsertRowid,
  );
}

function insertPrompt(db: Db, uid: string, text: string): number {
  return Number(
    db
      .prepare(
        `INSERT INTO prompts (event_uid, session_id, project, prompt_number, text, created_at)
         VALUES (?, 1, 'alpha', 1, ?, 0)`,
      )
      .run(uid, text).lastInsertRowid,
  );
}

test('an inserted observation is found by a word of its title or narrative', (t) => {
  const db = open(t);
  const id = insertObservation(db, 'Parser rewrite', 'tokenizer handles unicode');
  insertObservation(db, 'Unrelated', 'nothing here');
  assert.deepEqual(matches(db, 'observations_fts', 'parser', 'tokenizer'), [[id], [id]]);
  integrityCheck(db, 'observations_fts');
});

test('an edited observation is found by its new words only', (t) => {
  const db = open(t);
  const id = insertObservation(db, 'Parser rewrite', 'old words');
  db.prepare("UPDATE observations SET title = 'Lexer rewrite' WHERE id = ?").run(id);
  assert.deepEqual(matches(db, 'observations_fts', 'parser', 'lexer'), [[], [id]]);
  integrityCheck(db, 'observations_fts');
});

test('a deleted observation leaves the index', (t) => {
  const db = open(t);
  const id = insertObservation(db, 'Parser rewrite', 'n');
  db.prepare('DELETE FROM observations WHERE id = ?').run(id);
  assert.deepEqual(match(db, 'observations_fts', 'parser'), []);
  integrityCheck(db, 'observations_fts');
});

/** Per table: a row to insert, the update that rewrites its text, a word before and after it. */
const REWRITTEN: Array<{
  table: string;
  insert: (db: Db) => number;
  update: string;
  before: string;
  after: string;
}> = [
  {
    table: 'summaries',
    insert: (db) => insertSummary(db, 'migrations run in transactions'),
    update: "UPDATE summaries SET learned = 'triggers keep indexes' WHERE id = ?",
    before: 'migrations',
    after: 'triggers',
  },
  {
    table: 'prompts',
    insert: (db) => insertPrompt(db, 'e1', 'refactor the worker'),
    update: "UPDATE prompts SET text = 'document the spool' WHERE id = ?",
    before: 'refactor',
    after: 'spool',
  },
];

for (const { table, insert, update, before, after } of REWRITTEN) {
  test(`${table} are indexed on insert, update and delete`, (t) => {
    const db = open(t);
    const fts = `${table}_fts`;
    const id = insert(db);
    assert.deepEqual(match(db, fts, before), [id]);
    db.prepare(update).run(id);
    assert.deepEqual(matches(db, fts, before, after), [[], [id]]);
    integrityCheck(db, fts);
    db.prepare(`DELETE FROM ${table} WHERE id = ?`).run(id);
    assert.deepEqual(match(db, fts, after), []);
    integrityCheck(db, fts);
  });
}

test('deleting a session cascades to its rows and their index entries', (t) => {
  const db = open(t);
  insertObservation(db, 'Parser rewrite', 'n');
  insertPrompt(db, 'e1', 'refactor the worker');
  db.prepare('DELETE FROM sessions WHERE id = 1').run();
  assert.deepEqual(match(db, 'observations_fts', 'parser'), []);
  assert.deepEqual(match(db, 'prompts_fts', 'refactor'), []);
  integrityCheck(db, 'observations_fts');
  integrityCheck(db, 'prompts_fts');
});
