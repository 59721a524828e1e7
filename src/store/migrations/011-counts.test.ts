import assert from 'node:assert/strict';
import type { Db } from '../statements.ts';
import { test } from 'node:test';
import { migratedTo } from '../../../test/helpers/test-db.ts';
import { countObservations, observationsMark } from '../memory/memory-index.ts';
import { migrate } from '../migrate.ts';

const add = (db: Db, project: string, hash: string): number =>
  Number(
    db
      .prepare(
        `INSERT INTO observations (project, type, title, content_hash, created_at, updated_at)
         VALUES (?, 'change', 't', ?, 1, 1)`,
      )
      .run(project, hash).lastInsertRowid,
  );

const counts = (db: Db) =>
  db.prepare('SELECT project, n FROM observation_counts ORDER BY project').all();

test('per-project counts start from the stored rows and follow inserts, moves and deletes', (t) => {
  const db = migratedTo(t, 10);
  add(db, 'app', 'a');
  add(db, 'app', 'b');
  const moved = add(db, 'lib', 'c');
  migrate(db);
  assert.deepEqual(counts(db), [
    { project: 'app', n: 2 },
    { project: 'lib', n: 1 },
  ]);
  add(db, 'new', 'd');
  db.prepare("UPDATE observations SET project = 'app' WHERE id = ?").run(moved);
  db.prepare("DELETE FROM observations WHERE content_hash = 'a'").run();
  db.prepare("UPDATE observations SET title = 'edited' WHERE content_hash = 'b'").run();
  assert.deepEqual(counts(db), [
    { project: 'app', n: 2 },
    { project: 'lib', n: 0 },
    { project: 'new', n: 1 },
  ]);
  assert.equal(countObservations(db, 'app'), 2);
  assert.equal(countObservations(db, 'nowhere'), 0);
  assert.equal(countObservations(db, 'app', 0), 2);
  assert.equal(observationsMark(db).split(':')[0], '3');
});
