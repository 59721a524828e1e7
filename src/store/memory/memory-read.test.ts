import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import {
  seedObservation,
  seedPrompt,
  seedSession,
  seedSummary,
  seedTurn,
} from '../../../test/helpers/seed-memory.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { detailTokens, detailTokensOf } from '../../domain/index.ts';
import { openDatabase, type Db } from '../db.ts';
import { countObservations, indexEntries, observationsMark } from './memory-index.ts';
import {
  findSession,
  getObservations,
  getSearchLines,
  lastResponseAt,
  latestSummary,
  SUMMARY_WINDOW,
  projectRoot,
} from './memory-read.ts';

function open(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  return db;
}

test('getObservations returns full records in the order asked, lists parsed, unknown ids left out', (t) => {
  const db = open(t);
  const s = seedSession(db, 'sess-1');
  const a = seedObservation(db, { title: 'a', facts: ['f1'], concepts: ['c'], sessionRowId: s });
  const b = seedObservation(db, { title: 'b' });
  db.prepare("UPDATE observations SET files_read = 'oops' WHERE id = ?").run(b);
  const records = getObservations(db, [b, 999, a]);
  assert.deepEqual(
    records.map((r) => [r.id, r.session_id, r.facts, r.files_read]),
    [
      [b, null, [], []],
      [a, 'sess-1', ['f1'], []],
    ],
  );
  assert.deepEqual(getObservations(db, []), []);
});

test('lastResponseAt is the last Stop of the session, else its last prompt, else undefined', (t) => {
  const db = open(t);
  const s = seedSession(db, 'sess-1');
  assert.equal(lastResponseAt(db, s), undefined);
  seedPrompt(db, s, 'hi', 100);
  assert.equal(lastResponseAt(db, s), 100);
  seedTurn(db, s, 200);
  seedTurn(db, s, 150);
  assert.equal(lastResponseAt(db, s), 200);
  assert.equal(findSession(db, 'sess-1')?.id, s);
  assert.equal(findSession(db, 'nope'), undefined);
});

test('latestSummary of a project or of one session; projectRoot of the newest session', (t) => {
  const db = open(t);
  const s1 = seedSession(db, 's1', 'alpha', { root: '/old', at: 1 });
  const s2 = seedSession(db, 's2', 'alpha', { root: '/new', at: 2 });
  seedSummary(db, { sessionRowId: s1, request: 'first', createdAt: 10 });
  seedSummary(db, { sessionRowId: s2, request: 'second', createdAt: 20 });
  assert.equal(latestSummary(db, 'alpha')?.request, 'second');
  assert.equal(latestSummary(db, 'alpha', s1)?.request, 'first');
  assert.equal(latestSummary(db, 'beta'), undefined);
  assert.equal(projectRoot(db, 'alpha'), '/new');
  assert.equal(projectRoot(db, 'beta'), undefined);
});

test('index entries: newest first, after `since`, pinned apart, with the size of their details', (t) => {
  const db = open(t);
  const old = seedObservation(db, { title: 'old', createdAt: 10, narrative: '12345' });
  const pinned = seedObservation(db, { title: 'pin', createdAt: 5, pinned: true });
  const fresh = seedObservation(db, { title: 'fresh', createdAt: 30 });
  seedObservation(db, { title: 'elsewhere', project: 'beta', createdAt: 40 });
  const entries = (since: number | undefined, limit: number, pinnedLimit: number) =>
    indexEntries(db, { project: 'alpha', since, limit }, pinnedLimit);
  const newest = entries(undefined, 10, 0);
  assert.deepEqual(
    newest.map((e) => e.id),
    [fresh, old, pinned],
  );
  assert.equal(newest[1]?.detail_chars, 5); // empty lists count nothing (detailCharsSql)
  assert.deepEqual(
    entries(10, 10, 0).map((e) => e.id),
    [fresh],
  );
  assert.deepEqual(
    entries(undefined, 0, 10).map((e) => e.id),
    [pinned],
  );
  // Pinned first; the pinned one is not listed again among the newest.
  assert.deepEqual(
    entries(undefined, 10, 10).map((e) => e.id),
    [pinned, fresh, old],
  );
  assert.deepEqual([countObservations(db, 'alpha'), countObservations(db, 'alpha', 10)], [3, 1]);
});

test('observationsMark changes on insert, edit and delete', (t) => {
  const db = open(t);
  const first = seedObservation(db, { title: 'first', createdAt: 1 });
  const marks = [observationsMark(db)];
  const id = seedObservation(db, { title: 'x', createdAt: 1 });
  marks.push(observationsMark(db));
  db.prepare('UPDATE observations SET updated_at = 99 WHERE id = ?').run(id);
  marks.push(observationsMark(db));
  db.prepare('DELETE FROM observations WHERE id = ?').run(first);
  marks.push(observationsMark(db));
  assert.equal(new Set(marks).size, 4);
});

test("latestSummary prefers one's own among the project's newest, and reads no further", (t) => {
  const db = open(t);
  const s = seedSession(db, 's1', 'alpha', { root: '/a', at: 1 });
  const teammates = (count: number, from: number) => {
    for (let i = 0; i < count; i += 1) {
      const id = seedSummary(db, { sessionRowId: s, request: `theirs ${i}`, createdAt: from + i });
      db.prepare("UPDATE summaries SET author = 'bob', scope = 'team' WHERE id = ?").run(id);
    }
  };
  seedSummary(db, { sessionRowId: s, request: 'mine', createdAt: 100 });
  teammates(SUMMARY_WINDOW - 1, 1_000);
  assert.equal(latestSummary(db, 'alpha')?.request, 'mine');
  // Behind as many newer ones as the window holds, one's own is stale: the newest is shown.
  teammates(1, 10_000);
  assert.equal(latestSummary(db, 'alpha')?.created_at, 10_000);
});

test('getSearchLines reads a line per id in the order asked, its details sized as detailTokens does', (t) => {
  const db = open(t);
  const s = seedSession(db, 'sess-lines');
  const a = seedObservation(db, {
    title: 'a',
    subtitle: 'the sub',
    narrative: 'a narrative of some length',
    facts: ['one fact', 'two "quoted" facts'],
    concepts: ['c'],
    filesRead: ['src/a.ts'],
    sessionRowId: s,
  });
  const b = seedObservation(db, { title: 'b' });
  const lines = getSearchLines(db, [b, 999, a]);
  assert.deepEqual(
    lines.map((line) => [line.id, line.title, line.session_id]),
    [
      [b, 'b', null],
      [a, 'a', 'sess-lines'],
    ],
  );
  for (const record of getObservations(db, [a, b])) {
    const line = lines.find((l) => l.id === record.id);
    assert.equal(detailTokensOf(line?.detail_chars ?? -1), detailTokens(record));
  }
});
