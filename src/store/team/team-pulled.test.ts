import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { openDatabase } from '../db.ts';
import { updateObservation } from '../memory/memory-manage.ts';
import { adoptOwnRows, applyPulled, type PulledRow } from './team-pulled.ts';
import { assertOwnMemories, ReadOnlyMemoryError } from './team-ownership.ts';

function store(t: Parameters<typeof tempDir>[0]) {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  db.prepare(
    `INSERT INTO sessions (session_id, project, project_root, cwd, started_at, updated_at)
     VALUES ('s1', 'widget', '/w', '/w', 1, 1)`,
  ).run();
  return db;
}

const row = (over: Partial<PulledRow> = {}): PulledRow => ({
  seq: 1,
  global_id: '7d8f3c2a-1b4e-4f6a-9c3d-2e1f0a9b8c7d',
  kind: 'observation',
  author: 'alice',
  version: 1,
  deleted: false,
  created_at: 1000,
  body: { type: 'decision', title: 'use sqlite', narrative: 'because', facts: '["a"]' },
  ...over,
});

test('a pulled row is inserted once with its author, updated by a newer version, deleted by a tombstone', (t) => {
  const db = store(t);
  assert.equal(applyPulled(db, 'widget', row(), 5), 'inserted');
  assert.equal(applyPulled(db, 'widget', row({ version: 0 }), 6), 'unchanged');
  const read = () =>
    db.prepare('SELECT title, author, scope, project, version FROM observations').all();
  assert.deepEqual(read(), [
    { title: 'use sqlite', author: 'alice', scope: 'team', project: 'widget', version: 1 },
  ]);
  applyPulled(db, 'widget', row({ version: 2, body: { title: 'use postgres' } }), 7);
  assert.deepEqual(read(), [
    { title: 'use postgres', author: 'alice', scope: 'team', project: 'widget', version: 2 },
  ]);
  assert.deepEqual(db.prepare('SELECT count(*) AS n FROM team_outbox').get(), { n: 0 });
  assert.equal(applyPulled(db, 'widget', row({ deleted: true, version: 3 }), 8), 'deleted');
  assert.equal(applyPulled(db, 'widget', row({ deleted: true, version: 3 }), 9), 'unchanged');
  assert.deepEqual(read(), []);
});

test('a pulled row passes the privacy door; our own row coming back is left alone', (t) => {
  const db = store(t);
  applyPulled(
    db,
    'widget',
    row({ body: { title: 'key ghp_abcdefghijklmnopqrstuvwxyz0123456789' } }),
    1,
  );
  assert.deepEqual(db.prepare('SELECT title FROM observations').all(), [
    { title: 'key [REDACTED:github-token]' },
  ]);
  db.prepare(
    `INSERT INTO observations (session_id, project, type, title, content_hash, created_at, updated_at, scope)
     VALUES (1, 'widget', 'discovery', 'mine', 'mine', 1, 1, 'team')`,
  ).run();
  const mine = db.prepare(`SELECT global_id FROM observations WHERE title = 'mine'`).get() as {
    global_id: string;
  };
  assert.equal(
    applyPulled(db, 'widget', row({ global_id: mine.global_id, author: 'me' }), 2),
    'unchanged',
  );
});

test("a teammate's row refuses local edits, naming who may change it", (t) => {
  const db = store(t);
  applyPulled(db, 'widget', row(), 1);
  const { id } = db.prepare('SELECT id FROM observations').get() as { id: number };
  assert.throws(() => assertOwnMemories(db, 'observation', [id]), ReadOnlyMemoryError);
  assert.throws(() => updateObservation(db, id, { title: 'mine now' }, 2), /alice's team memory/);
  assert.deepEqual(db.prepare('SELECT title FROM observations').all(), [{ title: 'use sqlite' }]);
});

test("rows an older pull stored under this machine's own role become the user's own, queuing nothing", (t) => {
  const db = store(t);
  db.prepare(
    `INSERT INTO observations (session_id, project, type, title, content_hash, created_at, updated_at,
       scope, author, global_id) VALUES (1, 'widget', 'discovery', 'from my laptop', 'h', 1, 1, 'team', 'me', ?)`,
  ).run(row().global_id);
  applyPulled(db, 'widget', row({ global_id: '8d8f3c2a-1b4e-4f6a-9c3d-2e1f0a9b8c7d' }), 1);
  assert.equal(adoptOwnRows(db, 'me'), 1);
  assert.deepEqual(db.prepare('SELECT title, author FROM observations ORDER BY id').all(), [
    { title: 'from my laptop', author: null },
    { title: 'use sqlite', author: 'alice' },
  ]);
  assert.deepEqual(db.prepare('SELECT count(*) AS n FROM team_outbox').get(), { n: 0 });
});
