import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { seedObservation } from '../../../test/helpers/seed-memory.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { openDatabase } from '../db.ts';
import { claimFile, injectedIds, markInjected, resetInjected } from './recall-injected.ts';

function open(t: TestContext) {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  return db;
}

const namesOf = (db: ReturnType<typeof open>, id: number): string[] =>
  db
    .prepare('SELECT name FROM observation_file_names WHERE observation_id = ? ORDER BY name')
    .pluck()
    .all(id) as string[];

test('file names follow the observation through insert, edit and delete', (t) => {
  const db = open(t);
  const id = seedObservation(db, {
    title: 'x',
    filesRead: ['/abs/src/a.ts', 'README.md'],
    filesModified: ['src/a.ts', 'lib/'],
  });
  assert.deepEqual(namesOf(db, id), ['', 'README.md', 'a.ts']);
  db.prepare(
    `UPDATE observations SET files_read = '["b.ts"]', files_modified = 'oops' WHERE id = ?`,
  ).run(id);
  assert.deepEqual(namesOf(db, id), ['b.ts']);
  db.prepare('DELETE FROM observations WHERE id = ?').run(id);
  assert.deepEqual(namesOf(db, id), []);
});

test('what a session was shown is kept per moment, files are claimed once, reset forgets', (t) => {
  const db = open(t);
  markInjected(db, 's-1', [1, 2], 'session-start', 1000);
  markInjected(db, 's-1', [2, 3], 'prompt', 1000);
  markInjected(db, 's-2', [9], 'file', 1000);
  assert.deepEqual([...injectedIds(db, 's-1')].sort(), [1, 2, 3]);
  assert.deepEqual([...injectedIds(db, 's-1', ['prompt', 'file'])], [3]);
  assert.equal(claimFile(db, 's-1', 'src/a.ts', 1000), true);
  assert.equal(claimFile(db, 's-1', 'src/a.ts', 1000), false);
  assert.equal(claimFile(db, 's-2', 'src/a.ts', 1000), true);
  resetInjected(db, 's-1', 2000);
  assert.deepEqual([...injectedIds(db, 's-1')], []);
  assert.deepEqual([...injectedIds(db, 's-2')], [9]);
  resetInjected(db, 's-3', 1000 + 31 * 86_400_000);
  assert.deepEqual([...injectedIds(db, 's-2')], []);
});
