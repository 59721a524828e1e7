import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import {
  seedObservation,
  seedPrompt,
  seedSession,
  seedSummary,
} from '../../../test/helpers/seed-memory.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { openDatabase, type Db } from '../db.ts';
import { feedAfter, feedMarks, feedPage, type FeedFilter } from './memory-feed.ts';
import { listProjects, memoryCounts, updateObservation } from './memory-manage.ts';

const ALL: FeedFilter = { kinds: ['observation', 'summary', 'prompt'] };

function setup(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  return db;
}

/** A session with a prompt, two observations and a summary at the same and at later times. */
function seedTurnAt(db: Db, at: number, project = 'alpha', type = 'bugfix'): number {
  const session = seedSession(db, `s-${project}-${at}`, project, { at });
  seedPrompt(db, session, `prompt at ${at}`, at, project);
  seedObservation(db, {
    title: `first ${at}`,
    project,
    sessionRowId: session,
    type,
    createdAt: at,
  });
  seedObservation(db, { title: `second ${at}`, project, sessionRowId: session, createdAt: at + 1 });
  seedSummary(db, { sessionRowId: session, project, request: `summary ${at}`, createdAt: at + 1 });
  return session;
}

const labels = (items: Array<{ kind: string; id: number }>) =>
  items.map((item) => `${item.kind}:${item.id}`);

test('pages the merged feed newest first, an observation before its summary before its prompt', (t) => {
  const db = setup(t);
  seedTurnAt(db, 1_000);
  seedTurnAt(db, 2_000);
  const first = feedPage(db, ALL, undefined, 5);
  assert.deepEqual(labels(first.items), [
    'observation:4',
    'summary:2',
    'observation:3',
    'prompt:2',
    'observation:2',
  ]);
  const second = feedPage(db, ALL, first.next ?? undefined, 5);
  assert.deepEqual(labels(second.items), ['summary:1', 'observation:1', 'prompt:1']);
  assert.equal(second.next, null);
});

test('keeps later pages stable when new items arrive after the first page', (t) => {
  const db = setup(t);
  seedTurnAt(db, 1_000);
  seedTurnAt(db, 2_000);
  const first = feedPage(db, ALL, undefined, 4);
  seedTurnAt(db, 3_000);
  const rest = feedPage(db, ALL, first.next ?? undefined, 100);
  const seen = [...labels(first.items), ...labels(rest.items)];
  assert.equal(new Set(seen).size, seen.length);
  assert.equal(seen.length, 8);
});

test('filters by project, by observation type and by kind', (t) => {
  const db = setup(t);
  seedTurnAt(db, 1_000, 'alpha', 'bugfix');
  seedTurnAt(db, 2_000, 'beta', 'feature');
  const beta = feedPage(db, { ...ALL, project: 'beta' }, undefined, 50).items;
  assert.deepEqual([...new Set(beta.map((item) => item.project))], ['beta']);
  const features = feedPage(db, { kinds: ['observation'], types: ['feature'] }, undefined, 50);
  assert.deepEqual(
    features.items.map((item) => item.kind === 'observation' && item.title),
    ['first 2000'],
  );
  const summaries = feedPage(db, { kinds: ['summary'] }, undefined, 50).items;
  assert.deepEqual(
    summaries.map((item) => item.kind),
    ['summary', 'summary'],
  );
});

test('hands the live stream what was stored after its marks, with lists parsed', (t) => {
  const db = setup(t);
  seedTurnAt(db, 1_000);
  const marks = feedMarks(db);
  assert.deepEqual(feedAfter(db, marks, 10), []);
  seedTurnAt(db, 2_000);
  const fresh = feedAfter(db, marks, 10);
  assert.deepEqual(labels(fresh), ['prompt:2', 'observation:3', 'summary:2', 'observation:4']);
  const summary = fresh.find((item) => item.kind === 'summary');
  assert.deepEqual(summary?.kind === 'summary' && summary.files_read, []);
  assert.equal(fresh[0]?.session_id, 's-alpha-2000');
});

test('edits an observation and counts projects from sessions and explicit memories', (t) => {
  const db = setup(t);
  seedTurnAt(db, 1_000, 'alpha');
  seedObservation(db, { title: 'a memory without a session', project: 'gamma' });
  assert.equal(updateObservation(db, 1, { title: 'New title', facts: ['one'] }, 5_000), true);
  assert.equal(updateObservation(db, 999, { title: 'x' }, 5_000), false);
  const row = db
    .prepare('SELECT title, narrative, facts, updated_at FROM observations WHERE id = 1')
    .get();
  assert.deepEqual(row, { title: 'New title', narrative: '', facts: '["one"]', updated_at: 5_000 });
  assert.deepEqual(
    listProjects(db).map((p) => [p.name, p.sessions, p.observations]),
    [
      ['gamma', 0, 1],
      ['alpha', 1, 2],
    ],
  );
  assert.deepEqual(memoryCounts(db), {
    observations: 3,
    summaries: 1,
    prompts: 1,
    sessions: 1,
    projects: 2,
  });
});
