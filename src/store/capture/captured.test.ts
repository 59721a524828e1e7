import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openTestDb } from '../../../test/helpers/test-db.ts';
import {
  claimEvent,
  countEventStates,
  insertPrompt,
  insertToolEvent,
  insertTurnEnd,
  listEvents,
  listPrompts,
  type ToolEventInput,
} from './captured.ts';
import { type Db } from '../db.ts';
import { upsertSession } from './sessions.ts';

function sessionRow(db: Db, sessionId: string, project: string): number {
  const at = 1000;
  return upsertSession(db, {
    sessionId,
    project,
    projectRoot: `/${project}`,
    cwd: `/${project}`,
    at,
  }).id;
}

/** Prompt 1 of session row `sessionRowId` in alpha ("hi"), event id p1. */
const firstPrompt = (sessionRowId: number) => ({
  eventUid: 'p1',
  sessionRowId,
  project: 'alpha',
  promptNumber: 1,
  text: 'hi',
  at: 1,
});

let uid = 0;
function tool(sessionRowId: number, overrides: Partial<ToolEventInput> = {}): ToolEventInput {
  uid += 1;
  return {
    eventUid: `e${uid}`,
    toolUseId: `toolu_${uid}`,
    sessionRowId,
    project: 'alpha',
    promptNumber: 1,
    agentId: null,
    toolName: 'Read',
    toolInput: '{"file_path":"/a.ts"}',
    toolResponse: '"contents"',
    error: null,
    failed: false,
    durationMs: 5,
    at: 1000 + uid,
    ...overrides,
  };
}

const count = (db: Db, table: string): unknown =>
  db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get();

test('claimEvent accepts an event id once and refuses it after', (t) => {
  const db = openTestDb(t);
  assert.equal(claimEvent(db, 'evt-1', 'tool', 1), true);
  assert.equal(claimEvent(db, 'evt-1', 'tool', 2), false);
  assert.equal(claimEvent(db, 'evt-2', 'tool', 3), true);
});

test('insertToolEvent stores a tool_use_id once and ignores a second delivery', (t) => {
  const db = openTestDb(t);
  const s = sessionRow(db, 's1', 'alpha');
  assert.equal(insertToolEvent(db, tool(s, { toolUseId: 'toolu_same' })), true);
  assert.equal(insertToolEvent(db, tool(s, { toolUseId: 'toolu_same', toolName: 'Bash' })), false);
  assert.equal(count(db, 'events'), 1);
  assert.equal(db.prepare('SELECT tool_name FROM events').pluck().get(), 'Read');
});

test('tool events without a tool_use_id are all kept', (t) => {
  const db = openTestDb(t);
  const s = sessionRow(db, 's1', 'alpha');
  insertToolEvent(db, tool(s, { toolUseId: null }));
  insertToolEvent(db, tool(s, { toolUseId: null }));
  assert.equal(count(db, 'events'), 2);
});

test('a stored tool event starts pending with its fields as given', (t) => {
  const db = openTestDb(t);
  const s = sessionRow(db, 's1', 'alpha');
  insertToolEvent(
    db,
    tool(s, { toolResponse: null, error: 'boom', failed: true, durationMs: null }),
  );
  const stored = listEvents(db, {}, { limit: 10, offset: 0 })[0] as Record<string, unknown>;
  assert.equal(stored.session_id, 's1');
  assert.equal(stored.state, 'pending');
  assert.equal(stored.failed, 1);
  assert.equal(stored.error, 'boom');
  assert.equal(stored.tool_response, null);
  assert.equal(stored.duration_ms, null);
  assert.deepEqual(countEventStates(db), { pending: 1 });
});

test('listEvents filters by project, session and state and pages newest first', (t) => {
  const db = openTestDb(t);
  const a1 = sessionRow(db, 'a1', 'alpha');
  const a2 = sessionRow(db, 'a2', 'alpha');
  const b1 = sessionRow(db, 'b1', 'beta');
  const ids = [a1, a1, a2, a1, a2].map((s) => tool(s));
  for (const input of ids) insertToolEvent(db, input);
  insertToolEvent(db, tool(b1, { project: 'beta', toolUseId: 'toolu_beta' }));
  db.prepare("UPDATE events SET state = 'skipped' WHERE tool_use_id = ?").run(ids[0]?.toolUseId);
  const uses = (filter: Parameters<typeof listEvents>[1], limit = 10, offset = 0) =>
    listEvents(db, filter, { limit, offset }).map(
      (row) => (row as { tool_use_id: string }).tool_use_id,
    );
  const alpha = ids.map((input) => input.toolUseId).reverse();
  assert.deepEqual(uses({ project: 'alpha' }), alpha);
  assert.deepEqual(uses({ project: 'alpha' }, 2, 0), alpha.slice(0, 2));
  assert.deepEqual(uses({ project: 'alpha' }, 2, 2), alpha.slice(2, 4));
  assert.deepEqual(uses({ project: 'alpha' }, 2, 4), alpha.slice(4));
  assert.deepEqual(uses({ project: 'beta' }), ['toolu_beta']);
  assert.deepEqual(uses({ sessionId: 'a2' }), [ids[4]?.toolUseId, ids[2]?.toolUseId]);
  assert.deepEqual(uses({ state: 'skipped' }), [ids[0]?.toolUseId]);
  assert.equal(uses({}).length, 6);
});

test('listPrompts filters by project and session and pages newest first', (t) => {
  const db = openTestDb(t);
  const a1 = sessionRow(db, 'a1', 'alpha');
  const b1 = sessionRow(db, 'b1', 'beta');
  for (let n = 1; n <= 3; n += 1) {
    insertPrompt(db, {
      eventUid: `pa${n}`,
      sessionRowId: a1,
      project: 'alpha',
      promptNumber: n,
      text: `alpha ${n}`,
      at: n,
    });
  }
  insertPrompt(db, {
    eventUid: 'pb1',
    sessionRowId: b1,
    project: 'beta',
    promptNumber: 1,
    text: 'beta 1',
    at: 9,
  });
  const texts = (filter: Parameters<typeof listPrompts>[1], limit = 10, offset = 0) =>
    listPrompts(db, filter, { limit, offset }).map((row) => (row as { text: string }).text);
  assert.deepEqual(texts({ project: 'alpha' }), ['alpha 3', 'alpha 2', 'alpha 1']);
  assert.deepEqual(texts({ project: 'alpha' }, 2, 1), ['alpha 2', 'alpha 1']);
  assert.deepEqual(texts({ sessionId: 'b1' }), ['beta 1']);
  assert.deepEqual(texts({}, 1, 0), ['beta 1']);
});

test('a prompt or turn end delivered twice under the same event id is stored once', (t) => {
  const db = openTestDb(t);
  const s = sessionRow(db, 's1', 'alpha');
  const prompt = firstPrompt(s);
  insertPrompt(db, prompt);
  insertPrompt(db, prompt);
  const turn = {
    eventUid: 't1',
    sessionRowId: s,
    promptNumber: 1,
    agentId: null,
    lastAssistantMessage: 'ok',
    at: 2,
  };
  insertTurnEnd(db, turn);
  insertTurnEnd(db, turn);
  assert.equal(count(db, 'prompts'), 1);
  assert.equal(count(db, 'turns'), 1);
});

test('a tool event missing a required column is refused loudly, not ignored like a duplicate', (t) => {
  const db = openTestDb(t);
  const s = sessionRow(db, 's1', 'alpha');
  const broken = { ...tool(s), toolInput: undefined } as unknown as ToolEventInput;
  assert.throws(() => insertToolEvent(db, broken), { code: 'SQLITE_CONSTRAINT_NOTNULL' });
});

test('a prompt missing its text is refused loudly', (t) => {
  const db = openTestDb(t);
  const s = sessionRow(db, 's1', 'alpha');
  const broken = { ...firstPrompt(s), text: undefined };
  assert.throws(() => insertPrompt(db, broken as unknown as Parameters<typeof insertPrompt>[1]), {
    code: 'SQLITE_CONSTRAINT_NOTNULL',
  });
});
