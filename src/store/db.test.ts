import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { openDatabase, type Db } from './db.ts';
import { stmt } from './statements.ts';

function open(t: TestContext, options?: { busyTimeoutMs?: number }): { db: Db; file: string } {
  const file = join(tempDir(t), 'claude-mem.db');
  const db = openDatabase(file, options);
  t.after(() => db.close());
  return { db, file };
}

const modeOf = (file: string): number => statSync(file).mode & 0o777;

test('opens the database in WAL mode with foreign keys on and a 15 s busy timeout', (t) => {
  const { db } = open(t);
  assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
  assert.equal(db.pragma('foreign_keys', { simple: true }), 1);
  assert.equal(db.pragma('busy_timeout', { simple: true }), 15000);
  assert.equal(db.pragma('synchronous', { simple: true }), 1);
});

test('the busy timeout is configurable', (t) => {
  const { db } = open(t, { busyTimeoutMs: 2500 });
  assert.equal(db.pragma('busy_timeout', { simple: true }), 2500);
});

test('the database file and its WAL side files are private to the user (0600)', (t) => {
  const { file } = open(t);
  assert.equal(modeOf(file), 0o600);
  assert.equal(modeOf(`${file}-wal`), 0o600);
  assert.equal(modeOf(`${file}-shm`), 0o600);
});

test('foreign keys are enforced: a prompt of an unknown session is refused', (t) => {
  const { db } = open(t);
  const insert = db.prepare(
    `INSERT INTO prompts (event_uid, session_id, project, prompt_number, text, created_at)
     VALUES ('e1', 999, 'p', 1, 'hello', 0)`,
  );
  assert.throws(() => insert.run(), { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
});

test('a cached statement plucked by one caller comes back to the next one unplucked', (t) => {
  const { db } = open(t);
  const sql = "SELECT 'x' AS id";
  assert.equal(stmt(db, sql).pluck().get(), 'x');
  assert.deepEqual(stmt(db, sql).get(), { id: 'x' });
});
