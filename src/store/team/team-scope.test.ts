import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedObservation, seedSession } from '../../../test/helpers/seed-memory.ts';
import { summaryInput } from '../../../test/helpers/summary-input.ts';
import { openTestDb } from '../../../test/helpers/test-db.ts';
import { type Db } from '../db.ts';
import { forget } from '../admin/forget.ts';
import { insertMemory } from '../memory/memory-edit.ts';
import { updateObservation } from '../memory/memory-manage.ts';
import { upsertSummary } from '../memory/summaries-write.ts';
import { ReadOnlyMemoryError } from './team-ownership.ts';
import { scopeFor, setScope } from './team-scope.ts';

/** A teammate's observation as team sync's pull writes it: author set, scope team. */
function pulled(db: Db, title: string, author: string): number {
  const id = seedObservation(db, { title });
  db.prepare(`UPDATE observations SET author = ?, scope = 'team' WHERE id = ?`).run(author, id);
  return id;
}

const outbox = (db: Db) =>
  db.prepare('SELECT kind, item_id AS id, op FROM team_outbox ORDER BY id').all();

/** A heuristic summary of turn 1 of session row `session` in alpha ("fix login"). */
const loginSummary = (session: number) => summaryInput(session, { request: 'fix login' });

/** A memory as save_memory stores it, private unless the test adds a scope. */
const PNPM = {
  project: 'alpha',
  title: 'Use pnpm',
  text: 'never npm',
  type: 'decision' as const,
  concepts: [],
  files: [],
  sessionRowId: null,
  pinned: false,
  at: 1,
};

test('team.share decides the scope of what compression writes', () => {
  const table = (['off', 'summaries', 'all'] as const).map((share) => [
    share,
    scopeFor(share, 'observation'),
    scopeFor(share, 'summary'),
  ]);
  assert.deepEqual(table, [
    ['off', 'private', 'private'],
    ['summaries', 'private', 'team'],
    ['all', 'team', 'team'],
  ]);
});

test('share queues an upsert, unshare a delete; sharing twice queues nothing more', (t) => {
  const db = openTestDb(t);
  const id = seedObservation(db, { title: 'cookie path' });
  assert.equal(setScope(db, 'observation', id, 'team'), true);
  assert.equal(setScope(db, 'observation', id, 'team'), true);
  assert.equal(setScope(db, 'observation', id, 'private'), true);
  assert.deepEqual(outbox(db), [
    { kind: 'observation', id, op: 'upsert' },
    { kind: 'observation', id, op: 'delete' },
  ]);
  assert.equal(setScope(db, 'observation', 999, 'team'), false);
});

test('a summary is shared and unshared the same way', (t) => {
  const db = openTestDb(t);
  const session = seedSession(db, 's1');
  const id = upsertSummary(db, loginSummary(session));
  setScope(db, 'summary', id, 'team');
  assert.deepEqual(outbox(db), [{ kind: 'summary', id, op: 'upsert' }]);
});

test('a summary written again keeps the scope it has (an unshared one stays private)', (t) => {
  const db = openTestDb(t);
  const session = seedSession(db, 's1');
  const summary = loginSummary(session);
  const id = upsertSummary(db, { ...summary, scope: 'team' });
  setScope(db, 'summary', id, 'private');
  upsertSummary(db, { ...summary, completed: 'again', scope: 'team' });
  assert.deepEqual(db.prepare('SELECT scope, completed FROM summaries').all(), [
    { scope: 'private', completed: 'again' },
  ]);
});

test('save_memory with scope team is shared at once', (t) => {
  const db = openTestDb(t);
  const shared = insertMemory(db, { ...PNPM, scope: 'team' });
  const mine = insertMemory(db, { ...PNPM, title: 'private one' });
  assert.deepEqual(outbox(db), [{ kind: 'observation', id: shared.id, op: 'upsert' }]);
  assert.deepEqual(db.prepare('SELECT scope FROM observations WHERE id = ?').get(mine.id), {
    scope: 'private',
  });
});

test('saving a private memory again with scope team shares it; a private repeat changes nothing', (t) => {
  const db = openTestDb(t);
  const first = insertMemory(db, PNPM);
  assert.deepEqual(insertMemory(db, { ...PNPM, scope: 'team' }), {
    id: first.id,
    created: false,
  });
  insertMemory(db, { ...PNPM, scope: 'private' });
  assert.deepEqual(db.prepare('SELECT scope FROM observations').all(), [{ scope: 'team' }]);
  assert.deepEqual(outbox(db), [{ kind: 'observation', id: first.id, op: 'upsert' }]);
});

test("a teammate's memory is read-only: edit, share, unshare and forget by id name its author", (t) => {
  const db = openTestDb(t);
  const theirs = pulled(db, 'from alice', 'alice');
  const named = { name: 'ReadOnlyMemoryError', author: 'alice', id: theirs };
  const message = /#\d+ is alice's team memory: it is read-only here, only alice can change/;
  assert.throws(() => updateObservation(db, theirs, { title: 'mine now' }, 2), named);
  assert.throws(() => setScope(db, 'observation', theirs, 'private'), message);
  assert.throws(
    () => forget(db, { kind: 'ids', observations: [theirs], summaries: [], prompts: [] }),
    ReadOnlyMemoryError,
  );
  const row = db.prepare('SELECT title, scope FROM observations WHERE id = ?').get(theirs);
  assert.deepEqual(row, { title: 'from alice', scope: 'team' });
  assert.deepEqual(outbox(db), []);
});

test("forgetting a project or a time range still clears teammates' local copies", (t) => {
  const db = openTestDb(t);
  pulled(db, 'from bob', 'bob');
  const counts = forget(db, { kind: 'scope', project: 'alpha' });
  assert.equal(counts.observations, 1);
  assert.deepEqual(outbox(db), [], 'a local copy leaving queues nothing for the team');
});
