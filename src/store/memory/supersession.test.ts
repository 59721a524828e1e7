import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { seedObservation } from '../../../test/helpers/seed-memory.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { openDatabase, type Db } from '../db.ts';
import { acceptMemory, setKnown, verifyEarlier } from './known.ts';
import { supersedeByRules } from './supersession.ts';

function open(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  return db;
}

const marks = (db: Db) =>
  db
    .prepare('SELECT id, superseded_by, superseded_local FROM observations ORDER BY id')
    .all() as Array<{ id: number; superseded_by: number | null; superseded_local: number }>;

test('a newer port for the same server supersedes the older, dated by the newer', (t) => {
  const db = open(t);
  const old = seedObservation(db, { title: 'Dev server runs on port 5173', createdAt: 1000 });
  const other = seedObservation(db, { title: 'API listens on port 8080', createdAt: 1500 });
  const now = seedObservation(db, { title: 'Dev server moved to port 3000', createdAt: 2000 });
  const made = supersedeByRules(db, now, 9999);
  assert.deepEqual(made, [{ older: old, newer: now, subject: 'port:dev server', local: false }]);
  const at = db.prepare('SELECT superseded_at FROM observations WHERE id = ?').get(old);
  assert.deepEqual(at, { superseded_at: 2000 });
  assert.equal(marks(db).find((row) => row.id === other)?.superseded_by, null);
});

test('the same value again, or another project, supersedes nothing', (t) => {
  const db = open(t);
  seedObservation(db, { title: 'Set LOG_LEVEL=debug in .env', createdAt: 1000 });
  seedObservation(db, { title: 'LOG_LEVEL=info', project: 'beta', createdAt: 1100 });
  const again = seedObservation(db, { title: 'LOG_LEVEL=debug for the worker', createdAt: 2000 });
  assert.deepEqual(supersedeByRules(db, again, 1), []);
});

test('a memory backfilled late is itself the older one', (t) => {
  const db = open(t);
  const newer = seedObservation(db, { title: 'Upgraded react to 18.3.1', createdAt: 5000 });
  const late = seedObservation(db, { title: 'Pinned react@17.0.2', createdAt: 1000 });
  supersedeByRules(db, late, 1);
  assert.equal(marks(db).find((row) => row.id === late)?.superseded_by, newer);
});

test('a chain: each new value supersedes the one still standing', (t) => {
  const db = open(t);
  seedObservation(db, { title: 'CACHE_TTL=60', createdAt: 1000 });
  const b = seedObservation(db, { title: 'CACHE_TTL=300', createdAt: 2000 });
  supersedeByRules(db, b, 1);
  const c = seedObservation(db, { title: 'Changed CACHE_TTL to 900', createdAt: 3000 });
  supersedeByRules(db, c, 1);
  assert.deepEqual(
    marks(db).map((row) => row.superseded_by),
    [b, c, null],
  );
  db.prepare('DELETE FROM observations WHERE id = ?').run(c);
  assert.equal(marks(db).find((row) => row.id === b)?.superseded_by, null);
});

test("a teammate's memory is marked older here only when the newer is not by its author", (t) => {
  const db = open(t);
  const theirs = seedObservation(db, { title: 'Tests run with jest', createdAt: 1000 });
  db.prepare(`UPDATE observations SET author = 'alice' WHERE id = ?`).run(theirs);
  const mine = seedObservation(db, {
    title: 'Switched the test runner from jest to vitest',
    createdAt: 2000,
  });
  supersedeByRules(db, mine, 1);
  assert.deepEqual(marks(db)[0], { id: theirs, superseded_by: mine, superseded_local: 1 });
});

test('same file and symbol with a contradicting title', (t) => {
  const db = open(t);
  const files = ['src/auth.ts'];
  const old = seedObservation(db, {
    title: 'Login goes through `refreshToken` in auth.ts',
    filesModified: files,
    createdAt: 1000,
  });
  const now = seedObservation(db, {
    title: '`refreshToken` removed: sessions no longer refresh',
    filesModified: files,
    createdAt: 2000,
  });
  assert.equal(supersedeByRules(db, now, 1)[0]?.subject, 'symbol:src/auth.ts#refreshToken');
  assert.equal(marks(db).find((row) => row.id === old)?.superseded_by, now);
});

test('hypotheses become verified by a later passing check or the user, never back', (t) => {
  const db = open(t);
  db.prepare(
    `INSERT INTO sessions (id, session_id, project, project_root, cwd, started_at, updated_at)
     VALUES (1, 's1', 'alpha', '/a', '/a', 0, 0)`,
  ).run();
  const early = seedObservation(db, { title: 'guess', sessionRowId: 1, createdAt: 1000 });
  const late = seedObservation(db, { title: 'later guess', sessionRowId: 1, createdAt: 3000 });
  setKnown(db, [early, late], 'hypothesis');
  assert.deepEqual(verifyEarlier(db, 1, 2000, 'test'), [early]);
  setKnown(db, [early], 'hypothesis');
  assert.equal(acceptMemory(db, late), true);
  assert.equal(acceptMemory(db, 999), false);
  const rows = db.prepare('SELECT known, known_by FROM observations ORDER BY id').all();
  assert.deepEqual(rows, [
    { known: 'verified', known_by: 'test' },
    { known: 'verified', known_by: 'user' },
  ]);
});
