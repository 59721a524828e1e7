import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { migrate } from '../migrate.ts';

type Db = InstanceType<typeof Database>;

function open(t: Parameters<typeof tempDir>[0]): Db {
  const db = new Database(join(tempDir(t), 'team.db'));
  t.after(() => db.close());
  migrate(db);
  db.prepare(
    `INSERT INTO sessions (id, session_id, project, project_root, cwd, started_at, updated_at)
     VALUES (1, 's1', 'p', '/r', '/r', 1, 1)`,
  ).run();
  return db;
}

function addObservation(db: Db, title: string, extra: { scope?: string; author?: string } = {}) {
  return Number(
    db
      .prepare(
        `INSERT INTO observations (session_id, project, type, title, content_hash, created_at,
           updated_at, scope, author) VALUES (1, 'p', 'discovery', ?, ?, 1, 1, ?, ?)`,
      )
      .run(title, title, extra.scope ?? 'private', extra.author ?? null).lastInsertRowid,
  );
}

function outbox(db: Db) {
  return db.prepare('SELECT kind, item_id, global_id, op FROM team_outbox ORDER BY id').all() as {
    kind: string;
    item_id: number;
    global_id: string;
    op: string;
  }[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('private rows are never queued, whatever happens to them', (t) => {
  const db = open(t);
  const id = addObservation(db, 'private one');
  db.prepare(`UPDATE observations SET title = 'edited' WHERE id = ?`).run(id);
  db.prepare('DELETE FROM observations WHERE id = ?').run(id);
  assert.deepEqual(outbox(db), []);
});

test('sharing gives the row a UUID and queues an upsert; an edit bumps the version', (t) => {
  const db = open(t);
  const id = addObservation(db, 'to share');
  db.prepare(`UPDATE observations SET scope = 'team' WHERE id = ?`).run(id);
  const row = db.prepare('SELECT global_id, version FROM observations WHERE id = ?').get(id) as {
    global_id: string;
    version: number;
  };
  assert.match(row.global_id, UUID);
  assert.deepEqual(outbox(db), [
    { kind: 'observation', item_id: id, global_id: row.global_id, op: 'upsert' },
  ]);
  db.prepare(`UPDATE observations SET pinned = 1 WHERE id = ?`).run(id);
  assert.equal(outbox(db).length, 1, 'pinning is personal: nothing to push');
  db.prepare(`UPDATE observations SET narrative = 'more' WHERE id = ?`).run(id);
  const after = db.prepare('SELECT global_id, version FROM observations WHERE id = ?').get(id);
  assert.deepEqual(after, { global_id: row.global_id, version: 2 });
  assert.deepEqual(
    outbox(db).map((r) => r.op),
    ['upsert', 'upsert'],
  );
});

test('unsharing and deleting a shared row queue deletes that keep its global id', (t) => {
  const db = open(t);
  const a = addObservation(db, 'born shared', { scope: 'team' });
  const b = addObservation(db, 'shared then forgotten', { scope: 'team' });
  db.prepare(`UPDATE observations SET scope = 'private' WHERE id = ?`).run(a);
  db.prepare('DELETE FROM observations WHERE id = ?').run(b);
  const rows = outbox(db);
  assert.deepEqual(
    rows.map((r) => [r.item_id, r.op]),
    [
      [a, 'upsert'],
      [b, 'upsert'],
      [a, 'delete'],
      [b, 'delete'],
    ],
  );
  assert.equal(rows[0]!.global_id, rows[2]!.global_id);
  assert.equal(rows[1]!.global_id, rows[3]!.global_id);
  assert.notEqual(rows[0]!.global_id, rows[1]!.global_id);
});

test("a teammate's row pulled into the store is never queued back", (t) => {
  const db = open(t);
  const id = addObservation(db, 'from bob', { scope: 'team', author: 'bob' });
  db.prepare(`UPDATE observations SET title = 'bob edited' WHERE id = ?`).run(id);
  db.prepare('DELETE FROM observations WHERE id = ?').run(id);
  assert.deepEqual(outbox(db), []);
});

test('summaries follow the same rules', (t) => {
  const db = open(t);
  const id = Number(
    db
      .prepare(
        `INSERT INTO summaries (session_id, project, prompt_number, request, created_at, scope)
         VALUES (1, 'p', 1, 'fix login', 1, 'team')`,
      )
      .run().lastInsertRowid,
  );
  db.prepare(`UPDATE summaries SET learned = 'cookie path' WHERE id = ?`).run(id);
  assert.deepEqual(
    outbox(db).map((r) => [r.kind, r.op]),
    [
      ['summary', 'upsert'],
      ['summary', 'upsert'],
    ],
  );
  assert.equal(
    (db.prepare('SELECT version FROM summaries WHERE id = ?').get(id) as { version: number })
      .version,
    2,
  );
});
