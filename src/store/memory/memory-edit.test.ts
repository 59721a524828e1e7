import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { seedObservation } from '../../../test/helpers/seed-memory.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { openDatabase, type Db } from '../db.ts';
import { deleteObservations, insertMemory, setPinned, type MemoryInput } from './memory-edit.ts';
import { getObservations } from './memory-read.ts';

function open(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  return db;
}

const memory = (over: Partial<MemoryInput> = {}): MemoryInput => ({
  project: 'alpha',
  title: 'Use pnpm',
  text: 'never npm',
  type: 'decision',
  concepts: ['tooling'],
  files: ['package.json'],
  sessionRowId: null,
  pinned: false,
  at: 1000,
  ...over,
});

test('insertMemory stores an observation from the user and returns the same id for a repeat', (t) => {
  const db = open(t);
  const first = insertMemory(db, memory());
  assert.deepEqual(insertMemory(db, memory({ at: 2000 })), { id: first.id, created: false });
  assert.equal(insertMemory(db, memory({ project: 'beta' })).created, true);
  const [record] = getObservations(db, [first.id]);
  assert.deepEqual(
    [
      record?.provider,
      record?.type,
      record?.narrative,
      record?.concepts,
      record?.files_read,
      record?.created_at,
    ],
    ['user', 'decision', 'never npm', ['tooling'], ['package.json'], 1000],
  );
});

test('deleteObservations counts what it deleted; their index entries and vectors go too', (t) => {
  const db = open(t);
  const a = seedObservation(db, { title: 'forgettable' });
  const b = seedObservation(db, { title: 'keeper' });
  db.prepare(
    "INSERT INTO recall_vectors (observation_id, project, model, embedding, source_updated_at, created_at) VALUES (?, 'alpha', 'm', x'00', 0, 0)",
  ).run(a);
  assert.equal(deleteObservations(db, [a, 999]), 1);
  assert.equal(deleteObservations(db, []), 0);
  assert.deepEqual(db.prepare('SELECT COUNT(*) FROM recall_vectors').pluck().get(), 0);
  assert.deepEqual(
    db
      .prepare(
        "SELECT rowid FROM observations_fts WHERE observations_fts MATCH 'forgettable OR keeper'",
      )
      .pluck()
      .all(),
    [b],
  );
});

test('setPinned pins and unpins; false for an unknown id', (t) => {
  const db = open(t);
  const id = seedObservation(db, { title: 'x' });
  assert.equal(setPinned(db, id, true, 5), true);
  assert.equal(getObservations(db, [id])[0]?.pinned, 1);
  assert.equal(setPinned(db, id, false, 6), true);
  assert.equal(getObservations(db, [id])[0]?.pinned, 0);
  assert.equal(setPinned(db, 999, true, 7), false);
});
