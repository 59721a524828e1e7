import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { openDatabase, type Db } from '../db.ts';
import {
  endSession,
  listSessions,
  markCompacted,
  nextPrompt,
  upsertSession,
  type SessionInput,
} from './sessions.ts';

function open(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  return db;
}

const session = (overrides: Partial<SessionInput> = {}): SessionInput => ({
  sessionId: 's1',
  project: 'alpha',
  projectRoot: '/work/alpha',
  cwd: '/work/alpha/src',
  at: 1000,
  ...overrides,
});

const row = (db: Db, id: number): Record<string, unknown> =>
  db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as Record<string, unknown>;

test('upsertSession creates one row per session_id and returns the same id on repeats', (t) => {
  const db = open(t);
  const first = upsertSession(db, session({ at: 1000, source: 'startup' }));
  const again = upsertSession(db, session({ at: 2000 }));
  assert.equal(again.id, first.id);
  assert.equal(db.prepare('SELECT COUNT(*) FROM sessions').pluck().get(), 1);
  assert.equal(row(db, first.id).updated_at, 2000);
  assert.equal(row(db, first.id).source, 'startup');
});

test('upsertSession never moves updated_at backwards for a late event', (t) => {
  const db = open(t);
  const { id } = upsertSession(db, session({ at: 5000 }));
  upsertSession(db, session({ at: 3000 }));
  assert.equal(row(db, id).updated_at, 5000);
});

test('upsertSession reports the prompt counter that nextPrompt advances', (t) => {
  const db = open(t);
  const { id, promptCount } = upsertSession(db, session());
  assert.equal(promptCount, 0);
  assert.equal(nextPrompt(db, id, 'first prompt'), 1);
  assert.equal(nextPrompt(db, id, 'second prompt'), 2);
  assert.deepEqual(upsertSession(db, session()), { id, promptCount: 2 });
});

test('the first visible prompt becomes the title and later ones do not replace it', (t) => {
  const db = open(t);
  const { id } = upsertSession(db, session());
  nextPrompt(db, id, null);
  nextPrompt(db, id, 'fix the login bug');
  nextPrompt(db, id, 'now add tests');
  assert.equal(row(db, id).title, 'fix the login bug');
});

test('endSession marks the session completed with its reason and time', (t) => {
  const db = open(t);
  const { id } = upsertSession(db, session());
  endSession(db, id, 'logout', 9000);
  assert.deepEqual(
    {
      status: row(db, id).status,
      ended_at: row(db, id).ended_at,
      end_reason: row(db, id).end_reason,
    },
    { status: 'completed', ended_at: 9000, end_reason: 'logout' },
  );
});

test('a new prompt after the end reactivates the session (resume)', (t) => {
  const db = open(t);
  const { id } = upsertSession(db, session());
  endSession(db, id, 'clear', 9000);
  nextPrompt(db, id, 'back again');
  assert.equal(row(db, id).status, 'active');
  assert.equal(row(db, id).ended_at, null);
});

test('markCompacted records the compaction time', (t) => {
  const db = open(t);
  const { id } = upsertSession(db, session());
  markCompacted(db, id, 7000);
  assert.equal(row(db, id).compacted_at, 7000);
});

test('listSessions filters by project and pages newest first', (t) => {
  const db = open(t);
  for (let i = 1; i <= 5; i += 1) upsertSession(db, session({ sessionId: `a${i}`, at: i * 100 }));
  for (let i = 1; i <= 2; i += 1) {
    upsertSession(db, session({ sessionId: `b${i}`, project: 'beta', at: i * 100 + 50 }));
  }
  const ids = (project: string | undefined, limit: number, offset: number) =>
    listSessions(db, project, { limit, offset }).map((item) => item.session_id);
  assert.deepEqual(ids('alpha', 2, 0), ['a5', 'a4']);
  assert.deepEqual(ids('alpha', 2, 2), ['a3', 'a2']);
  assert.deepEqual(ids('alpha', 2, 4), ['a1']);
  assert.deepEqual(ids('beta', 10, 0), ['b2', 'b1']);
  assert.deepEqual(ids(undefined, 4, 0), ['a5', 'a4', 'a3', 'b2']);
  assert.deepEqual(ids('gamma', 10, 0), []);
});
