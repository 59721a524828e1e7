import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedObservation, seedSession, seedSummary } from '../../test/helpers/seed-memory.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import { type Db } from '../store/index.ts';
import { buildContext } from './build-context.ts';
import { fileRecall } from './file-recall.ts';

const NOW = new Date(2025, 4, 31, 18, 0).getTime();
const HOUR = 3_600_000;

const byTeammate = (db: Db, table: string, id: number, author: string) =>
  db.prepare(`UPDATE ${table} SET author = ?, scope = 'team' WHERE id = ?`).run(author, id);

const context = (db: Db, maxObservations = 60) =>
  buildContext(
    db,
    { project: 'alpha', source: 'startup', now: NOW },
    { maxTokens: 1500, maxObservations },
  ).text;

test("a teammate's memory is marked with their name; one's own is not", (t) => {
  const db = openTestDb(t);
  const mine = seedObservation(db, { title: 'my fix', createdAt: NOW - 2 * HOUR });
  const theirs = seedObservation(db, { title: 'alice fix', createdAt: NOW - HOUR });
  byTeammate(db, 'observations', theirs, 'alice');
  const text = context(db);
  assert.match(
    text,
    new RegExp(`^#${theirs} \\S+ \\S+ alice fix \\[by alice\\] \\(~\\d+\\)$`, 'm'),
  );
  assert.match(text, new RegExp(`^#${mine} \\S+ \\S+ my fix \\(~\\d+\\)$`, 'm'));
});

test("teammates' memories rank below one's own, unless pinned", (t) => {
  const db = openTestDb(t);
  const old = seedObservation(db, { title: 'my old note', createdAt: NOW - 20 * HOUR });
  const fresh = seedObservation(db, { title: 'bob fresh', createdAt: NOW - HOUR });
  const pinned = seedObservation(db, { title: 'bob pinned', createdAt: NOW - 30 * HOUR });
  byTeammate(db, 'observations', fresh, 'bob');
  byTeammate(db, 'observations', pinned, 'bob');
  db.prepare('UPDATE observations SET pinned = 1 WHERE id = ?').run(pinned);
  // Room for two: the pinned one, then one's own older note, not bob's newer one.
  const shown = (context(db, 2).match(/^#(\d+) /gm) ?? []).map((line) => Number(line.slice(1)));
  assert.deepEqual(shown.sort(), [old, pinned].sort());
  assert.doesNotMatch(context(db, 2), /bob fresh/);
});

test("the latest summary is one's own; a teammate's is shown, with their name, only without one", (t) => {
  const db = openTestDb(t);
  const session = seedSession(db, 's1');
  seedObservation(db, { title: 'a note', createdAt: NOW - 3 * HOUR });
  const theirs = seedSummary(db, {
    sessionRowId: session,
    request: 'their turn',
    createdAt: NOW - HOUR,
  });
  byTeammate(db, 'summaries', theirs, 'carol');
  assert.match(context(db), /## Latest summary by carol \(/);
  seedSummary(db, { sessionRowId: session, request: 'my turn', createdAt: NOW - 2 * HOUR });
  const text = context(db);
  assert.match(text, /## Latest summary \(.*\)\nRequest: my turn/);
  assert.doesNotMatch(text, /their turn/);
});

test("one's own lead the index even when a teammate shared far more, and newer, rows", (t) => {
  const db = openTestDb(t);
  const mine = Array.from({ length: 30 }, (_, i) =>
    seedObservation(db, { title: `my note ${i}`, createdAt: NOW - 48 * HOUR + i }),
  );
  db.transaction(() => {
    for (let i = 0; i < 600; i += 1) {
      const id = seedObservation(db, { title: `flood ${i}`, createdAt: NOW - HOUR + i });
      byTeammate(db, 'observations', id, 'mallory');
    }
  })();
  const lines = context(db, 40).match(/^#\d+ .*$/gm) ?? [];
  const ids = lines.map((line) => Number(/^#(\d+)/.exec(line)?.[1]));
  assert.deepEqual(
    ids.filter((id) => mine.includes(id)).sort((a, b) => a - b),
    mine,
  );
  assert.ok(
    lines.filter((line) => /flood/.test(line)).every((line) => / \[by mallory\] /.test(line)),
  );
});

test("file-time recall puts one's own first and marks a teammate's line with their name", (t) => {
  const db = openTestDb(t);
  const mine = seedObservation(db, {
    title: 'my x change',
    filesModified: ['/repo/src/x.ts'],
    createdAt: NOW - 9 * HOUR,
  });
  for (let i = 0; i < 20; i += 1) {
    const id = seedObservation(db, {
      title: `bob x ${i}`,
      filesRead: ['src/x.ts'],
      createdAt: NOW - HOUR + i,
    });
    byTeammate(db, 'observations', id, 'bob');
  }
  const block = fileRecall(db, {
    project: 'alpha',
    sessionId: 's',
    file: '/repo/src/x.ts',
    root: '/repo',
    now: NOW,
  });
  const lines = block.text.split('\n').filter((line) => line.startsWith('#'));
  assert.equal(lines.length, 2);
  assert.match(lines[0] ?? '', new RegExp(`^#${mine} .* my x change \\(~\\d+\\)$`));
  assert.match(lines[1] ?? '', / bob x 19 \[by bob\] \(~\d+\)$/);
});
