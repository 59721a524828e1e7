import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedObservation, seedPrompt, seedSession } from '../../test/helpers/seed-memory.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import { selectContext } from './select.ts';

test("resume without a Stop yet starts from the session's last prompt", (t) => {
  const db = openTestDb(t);
  const s = seedSession(db, 's1');
  seedPrompt(db, s, 'hello', 1000);
  seedObservation(db, { title: 'before', createdAt: 900 });
  const after = seedObservation(db, { title: 'after', createdAt: 1100 });
  const data = selectContext(
    db,
    { project: 'alpha', sessionId: 's1', source: 'resume', now: 2000 },
    10,
  );
  assert.deepEqual(
    [data.kind, data.since, data.total, data.entries.map((e) => e.id)],
    ['resume', 1000, 1, [after]],
  );
});

test('a session with neither prompt nor Stop, and startup, get the full index', (t) => {
  const db = openTestDb(t);
  seedSession(db, 's1');
  seedObservation(db, { title: 'one', createdAt: 900 });
  for (const source of ['resume', 'startup'] as const) {
    const data = selectContext(db, { project: 'alpha', sessionId: 's1', source, now: 2000 }, 10);
    assert.deepEqual([data.kind, data.since, data.total], ['full', undefined, 1]);
  }
});

test('candidates: pinned ones first, then the newest, each once', (t) => {
  const db = openTestDb(t);
  const pinned = seedObservation(db, { title: 'pin', pinned: true, createdAt: 3000 });
  const a = seedObservation(db, { title: 'a', createdAt: 1000 });
  const b = seedObservation(db, { title: 'b', createdAt: 2000 });
  const data = selectContext(db, { project: 'alpha', source: 'startup', now: 4000 }, 10);
  assert.deepEqual(
    data.entries.map((e) => e.id),
    [pinned, b, a],
  );
});
