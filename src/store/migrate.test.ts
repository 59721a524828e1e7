import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import { openDatabase, type Db } from './db.ts';
import { LATEST_VERSION, currentVersion, migrate } from './migrate.ts';
import { MIGRATIONS, type Migration } from './migrations/index.ts';

/** A bare better-sqlite3 connection on a fresh file: no pragmas, no migrations. */
function bareDb(t: TestContext): Db {
  const db = new Database(join(tempDir(t), 'bare.db'));
  t.after(() => db.close());
  return db;
}

const tableNames = (db: Db): string[] =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[])
    .map((row) => row.name)
    .sort();

const STEPS: Migration[] = [
  { version: 1, name: 'a', sql: 'CREATE TABLE a (x INTEGER);' },
  { version: 2, name: 'b', sql: 'ALTER TABLE a ADD COLUMN y TEXT;' },
  { version: 3, name: 'c', sql: 'CREATE TABLE c (z INTEGER REFERENCES a (x));' },
];

test('openDatabase applies every migration in order and records each in schema_migrations', (t) => {
  const db = openTestDb(t);
  const rows = db.prepare('SELECT version, name FROM schema_migrations ORDER BY rowid').all();
  assert.deepEqual(
    rows,
    MIGRATIONS.map(({ version, name }) => ({ version, name })),
  );
  assert.equal(currentVersion(db), LATEST_VERSION);
});

test('migrating an up-to-date database applies nothing', (t) => {
  const file = join(tempDir(t), 'claude-mem.db');
  openDatabase(file).close();
  const db = openDatabase(file);
  t.after(() => db.close());
  assert.deepEqual(migrate(db), []);
  const count = db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').pluck().get();
  assert.equal(count, MIGRATIONS.length);
});

test('migrate returns the versions it applied, oldest first', (t) => {
  const db = bareDb(t);
  assert.deepEqual(migrate(db, STEPS), [1, 2, 3]);
  assert.deepEqual(tableNames(db), ['a', 'c', 'schema_migrations']);
});

test('migrate applies only the versions newer than the recorded one', (t) => {
  const db = bareDb(t);
  migrate(db, STEPS.slice(0, 1));
  assert.deepEqual(migrate(db, STEPS), [2, 3]);
  assert.equal(currentVersion(db), 3);
});

test('a failing migration rolls back whole and leaves the recorded version unchanged', (t) => {
  const db = bareDb(t);
  const broken: Migration = { version: 2, name: 'broken', sql: 'CREATE TABLE b (x); NOT SQL;' };
  assert.throws(() => migrate(db, [STEPS[0] as Migration, broken]), /syntax error/);
  assert.equal(currentVersion(db), 1);
  assert.deepEqual(tableNames(db), ['a', 'schema_migrations']);
});

test('currentVersion of an empty database is 0', (t) => {
  assert.equal(currentVersion(bareDb(t)), 0);
});
