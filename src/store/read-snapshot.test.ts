import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openTestDb } from '../../test/helpers/test-db.ts';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { openDatabase } from './db.ts';
import { mayHoldUncommitted, readSnapshot } from './read-snapshot.ts';

test('a read snapshot holds no uncommitted rows; a write, and a snapshot joining it, may', (t) => {
  const db = openTestDb(t);
  seedObservation(db, { title: 'first' });
  assert.equal(mayHoldUncommitted(db), false);
  const inside = readSnapshot(db, () => [db.inTransaction, mayHoldUncommitted(db)]);
  assert.deepEqual(inside, [true, false]);
  assert.equal(db.inTransaction, false);
  const write = db.transaction(() => {
    seedObservation(db, { title: 'second' });
    return readSnapshot(db, () => mayHoldUncommitted(db));
  });
  assert.equal(write(), true);
});

test("a read snapshot's statements see one state of the database", (t) => {
  const db = openTestDb(t);
  const other = openDatabase(db.name);
  t.after(() => other.close());
  seedObservation(db, { title: 'first' });
  const count = () => db.prepare('SELECT count(*) FROM observations').pluck().get() as number;
  // Another connection commits between the two reads: the snapshot does not see it.
  const inside = readSnapshot(db, () => {
    const before = count();
    seedObservation(other, { title: 'second' });
    return [before, count()];
  });
  assert.deepEqual([...inside, count()], [1, 1, 2]);
  // A failure inside ends the transaction: the next statement is outside one again.
  assert.throws(() => readSnapshot(db, () => db.prepare('SELECT nope FROM observations').get()));
  assert.deepEqual([db.inTransaction, mayHoldUncommitted(db)], [false, false]);
});
