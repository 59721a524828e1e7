import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { insertPrompt, insertToolEvent, insertTurnEnd } from './captured.ts';
import { openDatabase, type Db } from '../db.ts';
import {
  failEvents,
  listPendingTurns,
  pendingEventsOfTurn,
  requeueDueEvents,
  requeueFailedEvents,
  settleEvents,
  turnHasOpenEvents,
} from './event-state.ts';
import { endSession, nextPrompt, upsertSession } from './sessions.ts';
import {
  countTurnStates,
  listPendingTurnEnds,
  promptOfTurn,
  requeueTurnEnds,
  settleTurnEnds,
  turnMessages,
} from './turn-state.ts';

/** What happened in session s1 (row 1), in order, as capture stores it. */
type Step =
  | { kind: 'prompt'; text?: string }
  | { kind: 'tool'; at?: number }
  | { kind: 'stop'; message?: string; agentId?: string }
  | { kind: 'end' };

let uid = 0;
function open(t: TestContext, steps: Step[]): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  const id = upsertSession(db, {
    sessionId: 's1',
    project: 'alpha',
    projectRoot: '/alpha',
    cwd: '/alpha',
    at: 0,
  }).id;
  let promptNumber = 0;
  for (const step of steps) {
    uid += 1;
    const common = { eventUid: `e${uid}`, sessionRowId: id, promptNumber, at: uid };
    if (step.kind === 'prompt') {
      promptNumber = nextPrompt(db, id, null);
      insertPrompt(db, { ...common, promptNumber, project: 'alpha', text: step.text ?? 'do it' });
    } else if (step.kind === 'tool') {
      insertToolEvent(db, {
        ...common,
        at: step.at ?? uid,
        project: 'alpha',
        toolUseId: null,
        agentId: null,
        toolName: 'Read',
        toolInput: '{}',
        toolResponse: null,
        error: null,
        failed: false,
        durationMs: null,
      });
    } else if (step.kind === 'stop') {
      insertTurnEnd(db, {
        ...common,
        agentId: step.agentId ?? null,
        lastAssistantMessage: step.message ?? 'done',
      });
    } else {
      endSession(db, id, 'logout', uid);
    }
  }
  return db;
}

const prompt = (text?: string): Step => ({ kind: 'prompt', text });
const tool = (at?: number): Step => ({ kind: 'tool', at });
const stop = (message?: string, agentId?: string): Step => ({ kind: 'stop', message, agentId });

const ids = (db: Db) => pendingEventsOfTurn(db, 1, 1).map((e) => e.id);

test('pending turns say whether they ended, moved on, and how old their oldest event is', (t) => {
  const db = open(t, [prompt(), tool(11), tool(12), stop(), prompt(), tool(20)]);
  assert.deepEqual(
    listPendingTurns(db).map((turn) => [
      turn.promptNumber,
      turn.pending,
      turn.oldest,
      turn.ended,
      turn.movedOn,
      turn.project,
    ]),
    [
      [1, 2, 11, 1, 1, 'alpha'],
      [2, 1, 20, 0, 0, 'alpha'],
    ],
  );
});

test('a session that ended has moved on even without a Stop', (t) => {
  const db = open(t, [prompt(), tool(), { kind: 'end' }]);
  assert.deepEqual(
    listPendingTurns(db).map((turn) => [turn.ended, turn.movedOn]),
    [[0, 1]],
  );
});

test('settled events leave the queue with their state and reason', (t) => {
  const db = open(t, [prompt(), tool(), tool()]);
  const [a, b] = ids(db);
  settleEvents(db, [a ?? 0], 'compressed', null, 50);
  settleEvents(db, [b ?? 0], 'skipped', 'read-only noise', 50);
  assert.deepEqual(db.prepare('SELECT state, reason, attempts FROM events ORDER BY id').all(), [
    { state: 'compressed', reason: null, attempts: 1 },
    { state: 'skipped', reason: 'read-only noise', attempts: 1 },
  ]);
  assert.deepEqual(listPendingTurns(db), []);
});

test('failed events come back when due and attempts are left; retry brings all back', (t) => {
  const db = open(t, [prompt(), tool(), tool()]);
  const [a, b] = ids(db);
  failEvents(db, [a ?? 0], 'anthropic answered 500', 100, 50);
  failEvents(db, [b ?? 0], 'anthropic answered 500', 500, 50);
  assert.equal(turnHasOpenEvents(db, 1, 1, 3), true);
  assert.equal(requeueDueEvents(db, 200, 3), 1);
  assert.deepEqual(ids(db), [a]);
  assert.equal(requeueDueEvents(db, 600, 1), 0);
  assert.equal(turnHasOpenEvents(db, 1, 1, 1), true);
  assert.equal(requeueFailedEvents(db, 700), 1);
  assert.deepEqual(db.prepare('SELECT state, attempts FROM events ORDER BY id').all(), [
    { state: 'pending', attempts: 1 },
    { state: 'pending', attempts: 0 },
  ]);
});

test('turn ends are grouped per turn with the main and subagent messages and the prompt', (t) => {
  const db = open(t, [prompt('fix login'), stop('found it', 'sub'), stop('fixed')]);
  assert.deepEqual(
    listPendingTurnEnds(db).map((turn) => [turn.promptNumber, turn.ended, turn.movedOn]),
    [[1, 1, 0]],
  );
  assert.deepEqual(turnMessages(db, 1, 1), { main: 'fixed', subagents: ['found it'] });
  assert.equal(promptOfTurn(db, 1, 1), 'fix login');
  settleTurnEnds(db, { sessionRowId: 1, promptNumber: 1 }, 'failed', '500', 10);
  assert.deepEqual(countTurnStates(db), { failed: 2 });
  assert.equal(requeueTurnEnds(db, 5, 3), 0);
  assert.equal(requeueTurnEnds(db, 10, 3), 2);
  settleTurnEnds(db, { sessionRowId: 1, promptNumber: 1 }, 'compressed', null);
  assert.deepEqual(countTurnStates(db), { compressed: 2 });
});
