import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { seedObservation, seedSummary } from '../../../test/helpers/seed-memory.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { insertPrompt, insertToolEvent, insertTurnEnd } from '../capture/captured.ts';
import { openDatabase, type Db } from '../db.ts';
import { forget, forgetSample, purgeProject } from './forget.ts';
import { insertMemory } from '../memory/memory-edit.ts';
import { nextPrompt, upsertSession } from '../capture/sessions.ts';

function open(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  return db;
}

let uid = 0;

/** A session with one turn at `at`: prompt, tool event, turn end, observation, summary. */
function seedTurn(db: Db, sessionId: string, project: string, at: number, title: string) {
  const session = upsertSession(db, {
    sessionId,
    project,
    projectRoot: `/w/${project}`,
    cwd: `/w/${project}`,
    at,
  }).id;
  const promptNumber = nextPrompt(db, session, `${title} prompt`);
  const common = { sessionRowId: session, promptNumber, at };
  uid += 1;
  insertPrompt(db, { ...common, eventUid: `p${uid}`, project, text: `${title} prompt` });
  insertToolEvent(db, {
    ...common,
    eventUid: `e${uid}`,
    toolUseId: `t${uid}`,
    project,
    agentId: null,
    toolName: 'Read',
    toolInput: '{}',
    toolResponse: null,
    error: null,
    failed: false,
    durationMs: null,
  });
  insertTurnEnd(db, { ...common, eventUid: `s${uid}`, agentId: null, lastAssistantMessage: 'ok' });
  const event = db.prepare('SELECT id FROM events WHERE event_uid = ?').pluck().get(`e${uid}`);
  const observation = seedObservation(db, { title, project, sessionRowId: session, createdAt: at });
  db.prepare('UPDATE observations SET source_event_ids = ? WHERE id = ?').run(
    JSON.stringify([event]),
    observation,
  );
  const summary = seedSummary(db, {
    sessionRowId: session,
    project,
    request: title,
    createdAt: at,
    promptNumber,
  });
  return { session, observation, summary };
}

const count = (db: Db, table: string): number =>
  db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;

const ftsHits = (db: Db, word: string): number =>
  db
    .prepare('SELECT COUNT(*) FROM observations_fts WHERE observations_fts MATCH ?')
    .pluck()
    .get(word) as number;

test('forget by id removes the observation, its full-text entry and the events it was made from', (t) => {
  const db = open(t);
  const a = seedTurn(db, 's1', 'alpha', 1000, 'zebra parser');
  seedTurn(db, 's2', 'alpha', 2000, 'yak parser');
  assert.deepEqual(
    forget(db, { kind: 'ids', observations: [a.observation, 999], summaries: [], prompts: [] }),
    {
      observations: 1,
      summaries: 0,
      prompts: 0,
      events: 1,
      turns: 0,
      sessions: 0,
    },
  );
  assert.deepEqual([ftsHits(db, 'zebra'), ftsHits(db, 'yak'), count(db, 'events')], [0, 1, 1]);
  assert.equal(count(db, 'sessions'), 2);
});

test('forgetting the first prompt of a session gives the session the next prompt as title', (t) => {
  const db = open(t);
  seedTurn(db, 's1', 'alpha', 1000, 'first secret');
  seedTurn(db, 's1', 'alpha', 2000, 'second');
  const first = db
    .prepare("SELECT id FROM prompts WHERE text LIKE 'first%'")
    .pluck()
    .get() as number;
  forget(db, { kind: 'ids', observations: [], summaries: [], prompts: [first] });
  assert.equal(db.prepare('SELECT title FROM sessions').pluck().get(), 'second prompt');
  assert.equal(
    db.prepare("SELECT COUNT(*) FROM prompts_fts WHERE prompts_fts MATCH 'secret'").pluck().get(),
    0,
  );
});

test('forget by project and time range removes every row in range and the sessions it empties', (t) => {
  const db = open(t);
  seedTurn(db, 'old', 'alpha', 1000, 'ancient');
  seedTurn(db, 'mixed', 'alpha', 1500, 'middle');
  seedTurn(db, 'mixed', 'alpha', 5000, 'recent');
  seedTurn(db, 'other', 'beta', 1000, 'elsewhere');
  const scope = { kind: 'scope', project: 'alpha', since: 0, until: 2000 } as const;
  assert.deepEqual(
    forgetSample(db, scope).map((row) => row.title),
    ['middle', 'ancient'],
  );
  assert.deepEqual(forget(db, scope, true), forget(db, scope));
  assert.deepEqual(db.prepare('SELECT session_id, title FROM sessions ORDER BY id').all(), [
    { session_id: 'mixed', title: 'recent prompt' },
    { session_id: 'other', title: 'elsewhere prompt' },
  ]);
  assert.deepEqual(db.prepare('SELECT title FROM observations ORDER BY id').pluck().all(), [
    'recent',
    'elsewhere',
  ]);
  assert.deepEqual([count(db, 'events'), count(db, 'turns'), count(db, 'summaries')], [2, 2, 2]);
});

test('a dry run counts exactly what the real run removes and changes nothing', (t) => {
  const db = open(t);
  seedTurn(db, 'old', 'alpha', 1000, 'ancient');
  const preview = forget(db, { kind: 'scope', project: 'alpha' }, true);
  assert.equal(count(db, 'sessions'), 1);
  assert.deepEqual(preview, {
    observations: 1,
    summaries: 1,
    prompts: 1,
    events: 1,
    turns: 1,
    sessions: 1,
  });
  assert.deepEqual(forget(db, { kind: 'scope', project: 'alpha' }), preview);
});

test('purge removes a project: sessions, everything in them, and memories saved without a session', (t) => {
  const db = open(t);
  seedTurn(db, 's1', 'alpha', 1000, 'kept elsewhere');
  seedTurn(db, 's2', 'beta', 1000, 'purged one');
  insertMemory(db, {
    project: 'beta',
    title: 'purged memory',
    text: 'x',
    type: 'decision',
    concepts: [],
    files: [],
    sessionRowId: null,
    pinned: true,
    at: 1,
  });
  const counts = purgeProject(db, 'beta');
  assert.deepEqual(counts, {
    observations: 2,
    summaries: 1,
    prompts: 1,
    events: 1,
    turns: 1,
    sessions: 1,
  });
  assert.deepEqual(db.prepare('SELECT DISTINCT project FROM observations').pluck().all(), [
    'alpha',
  ]);
  assert.deepEqual([ftsHits(db, 'purged'), count(db, 'sessions'), count(db, 'turns')], [0, 1, 1]);
});
