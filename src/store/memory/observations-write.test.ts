import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { openDatabase, type Db } from '../db.ts';
import {
  insertObservation,
  observationsOfTurn,
  type ObservationInput,
} from './observations-write.ts';
import { upsertSummary } from './summaries-write.ts';

function open(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  db.prepare(
    `INSERT INTO sessions (id, session_id, project, project_root, cwd, started_at, updated_at)
     VALUES (1, 's1', 'app', '/app', '/app', 0, 0), (2, 's2', 'app', '/app', '/app', 0, 0)`,
  ).run();
  return db;
}

const observation = (overrides: Partial<ObservationInput> = {}): ObservationInput => ({
  sessionRowId: 1,
  project: 'app',
  promptNumber: 1,
  type: 'bugfix',
  title: 'Fixed login',
  subtitle: '',
  narrative: 'n',
  facts: ['a'],
  concepts: [],
  filesRead: [],
  filesModified: ['src/login.ts'],
  sourceEventIds: [3, 4],
  provider: 'anthropic',
  model: 'm',
  tokensIn: 10,
  tokensOut: 2,
  contentHash: 'h1',
  at: 5,
  ...overrides,
});

test('stores an observation with its lists, provenance and cost, and reads the turn back', (t) => {
  const db = open(t);
  assert.deepEqual(insertObservation(db, observation()), { id: 1, duplicate: false });
  const row = db
    .prepare('SELECT source_event_ids, provider, model, tokens_in, tokens_out FROM observations')
    .get();
  assert.deepEqual(row, {
    source_event_ids: '[3,4]',
    provider: 'anthropic',
    model: 'm',
    tokens_in: 10,
    tokens_out: 2,
  });
  assert.deepEqual(
    observationsOfTurn(db, 1, 1).map((o) => [o.title, o.filesModified, o.sourceEventIds]),
    [['Fixed login', ['src/login.ts'], [3, 4]]],
  );
});

test('a duplicate in the same session is not stored again; its sources are merged in', (t) => {
  const db = open(t);
  insertObservation(db, observation());
  assert.deepEqual(insertObservation(db, observation({ sourceEventIds: [4, 9] })), {
    id: 1,
    duplicate: true,
  });
  assert.deepEqual(db.prepare('SELECT id, source_event_ids FROM observations').all(), [
    { id: 1, source_event_ids: '[3,4,9]' },
  ]);
});

test('the same content in another session is another observation', (t) => {
  const db = open(t);
  insertObservation(db, observation());
  assert.equal(insertObservation(db, observation({ sessionRowId: 2 })).duplicate, false);
});

test('one summary per turn: summarizing again replaces it', (t) => {
  const db = open(t);
  const summary = {
    sessionRowId: 1,
    project: 'app',
    promptNumber: 2,
    request: 'fix login',
    investigated: '',
    learned: '',
    completed: 'first',
    nextSteps: '',
    notes: '',
    filesRead: [],
    filesModified: ['a.ts'],
    provider: 'heuristic',
    model: null,
    tokensIn: 0,
    tokensOut: 0,
    at: 1,
  };
  const id = upsertSummary(db, summary);
  assert.equal(upsertSummary(db, { ...summary, completed: 'second', provider: 'anthropic' }), id);
  assert.deepEqual(db.prepare('SELECT completed, provider, files_modified FROM summaries').all(), [
    { completed: 'second', provider: 'anthropic', files_modified: '["a.ts"]' },
  ]);
});
