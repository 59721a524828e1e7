import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedObservation, seedSession } from '../../../test/helpers/seed-memory.ts';
import { openTestDb } from '../../../test/helpers/test-db.ts';
import { type Db } from '../index.ts';
import { setSessionAgent } from './session-agent.ts';

const agentOf = (db: Db, table: string, id: number): unknown =>
  (db.prepare(`SELECT agent FROM ${table} WHERE id = ?`).get(id) as { agent: unknown }).agent;

test('a session is Claude Code until an agent is recorded; foreign names are ignored', (t) => {
  const db = openTestDb(t);
  const id = seedSession(db, 's1');
  assert.equal(agentOf(db, 'sessions', id), 'claude');
  setSessionAgent(db, id, 'not-an-agent');
  assert.equal(agentOf(db, 'sessions', id), 'claude');
  setSessionAgent(db, id, 'codex');
  assert.equal(agentOf(db, 'sessions', id), 'codex');
});

test("an observation takes its session's agent when stored", (t) => {
  const db = openTestDb(t);
  const codex = seedSession(db, 'c1');
  setSessionAgent(db, codex, 'codex');
  const claude = seedSession(db, 'k1');
  const fromCodex = seedObservation(db, { title: 'spool reader', sessionRowId: codex });
  const fromClaude = seedObservation(db, { title: 'spool writer', sessionRowId: claude });
  assert.deepEqual(
    [agentOf(db, 'observations', fromCodex), agentOf(db, 'observations', fromClaude)],
    ['codex', 'claude'],
  );
});
