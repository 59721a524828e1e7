import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedObservation, seedSession } from '../../test/helpers/seed-memory.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import { type Db } from '../store/index.ts';
import { fileEntries } from './recall-entries.ts';

const ids = (db: Db, file: string, limit: number, exclude: number[] = []) =>
  fileEntries(
    db,
    { project: 'alpha', file, root: '/repo', sessionId: 'asking' },
    new Set(exclude),
    limit,
  ).map((entry) => entry.id);

test("a file's observations: pinned first, then the newest, that exact path only", (t) => {
  const db = openTestDb(t);
  const asking = seedSession(db, 'asking', 'alpha', { root: '/repo', at: 1 });
  const pinned = seedObservation(db, {
    title: 'old pinned',
    filesRead: ['src/x.ts'],
    pinned: true,
  });
  const older = seedObservation(db, { title: 'older', filesModified: ['/repo/src/x.ts'] });
  // Same name, another file: the name's index finds it, the path test leaves it out.
  seedObservation(db, { title: 'other x', filesRead: ['lib/x.ts'] });
  const newer = seedObservation(db, { title: 'newer', filesRead: ['src/x.ts'] });
  seedObservation(db, { title: 'other project', project: 'beta', filesRead: ['src/x.ts'] });
  seedObservation(db, { title: 'own', sessionRowId: asking, filesRead: ['src/x.ts'] });
  // Many newer mentions of the name elsewhere: the walk passes over them.
  for (let i = 0; i < 50; i += 1)
    seedObservation(db, { title: `n${i}`, filesRead: [`d${i}/x.ts`] });
  assert.deepEqual(ids(db, '/repo/src/x.ts', 3), [pinned, newer, older]);
  assert.deepEqual(ids(db, 'src/x.ts', 2), [pinned, newer]);
  assert.deepEqual(ids(db, 'src/x.ts', 3, [newer]), [pinned, older]);
  assert.deepEqual(ids(db, 'src/y.ts', 3), []);
});
