import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { seedObservation, seedSession } from '../../../test/helpers/seed-memory.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { openDatabase, type Db } from '../index.ts';
import { setSessionAgent } from './session-agent.ts';

function open(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  return db;
}

const agentOf = (db: Db, table: string, id: number): unknown =>
  (db.prepare(`SELECT agent FROM ${table} WHERE id = ?`).get(id) as { agent: unknown }).agent;

test('a session is Claude Code until an agent is recorded; foreign names are ignored', (t) => {
  const db = open(t);
  const id = seedSession(db, 's1');
  assert.equal(agentOf(db, 'sessions', id), 'claude');
  setSessionAgent(db, id, 'not-an-agent');
  assert.equal(agentOf(db, 'sessions', id), 'claude');
  setSessionAgent(db, id, 'codex');
  assert.equal(agentOf(db, 'sessions', id), 'codex');
});

test("an observation takes its session's agent when stored", (t) => {
  const db = open(t);
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
