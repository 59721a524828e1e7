import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { ensureDataDir, loadSettings } from '../../config/index.ts';
import type { SpoolEvent } from '../../spool/index.ts';
import { openDatabase } from '../../store/index.ts';
import { applyEvent } from '../../worker/capture/apply-event.ts';
import { backfillStateFile, loadBackfillState } from './backfill-state.ts';
import { analyzeSessions, sendSessions, type BackfillClient } from './run-backfill.ts';
import { planSessions, transcriptPaths } from './session-plan.ts';
import { writeSession } from '../../../test/helpers/backfill-session.ts';

const quiet = { update: () => undefined, finish: () => undefined };

function setup(t: TestContext) {
  const root = tempDir(t);
  writeSession(join(root, 'a'), 'sess-a');
  writeSession(join(root, 'b'), 'sess-b');
  const dataDir = join(root, 'data');
  ensureDataDir(dataDir);
  const markerDir = join(root, 'markers');
  mkdirSync(join(markerDir, 'state'), { recursive: true });
  const settings = loadSettings(dataDir, {}).settings;
  const db = openDatabase(join(dataDir, 'claude-mem.db'));
  t.after(() => db.close());
  const sent: SpoolEvent[][] = [];
  /** Applies like the worker's backfill route; fails the request numbered `failAt`. */
  const client = (failAt = Infinity): BackfillClient => ({
    async send(events) {
      if (sent.length + 1 === failAt) throw new Error('killed');
      sent.push(events);
      const applied = db
        .transaction(() => events.map((event) => applyEvent(db, event)))
        .immediate();
      const duplicates = applied.filter((item) => item.duplicate).length;
      return { stored: applied.length - duplicates, duplicates };
    },
  });
  const sessions = analyzeSessions(planSessions(transcriptPaths([root]), {}), settings, markerDir);
  /** As the command does: sessions done before (same transcripts) are not sent again. */
  const run = (failAt?: number) => {
    const state = loadBackfillState(dataDir);
    const todo = sessions.filter((a) => state.done[a.plan.sessionId] !== a.plan.signature);
    return sendSessions(todo, {
      client: client(failAt),
      settings,
      markerDir,
      dataDir,
      state,
      progress: quiet,
      limits: { maxEvents: 1, maxBytes: 1e9 },
    });
  };
  const rows = (table: string) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get();
  return { dataDir, sessions, sent, run, rows };
}

test('a run cut short resumes after the last stored request and sends nothing twice', async (t) => {
  const s = setup(t);
  await assert.rejects(s.run(6), /killed/);
  const state = loadBackfillState(s.dataDir);
  assert.deepEqual(Object.keys(state.done), ['sess-a']);
  assert.equal(state.partial?.sessionId, 'sess-b');
  const totals = await s.run();
  assert.deepEqual(totals, {
    sessions: 1,
    stored: s.sessions[1]!.events - (state.partial?.offset ?? 0),
    duplicates: 0,
  });
  const all = s.sent.flat().map((event) => event.id);
  assert.equal(new Set(all).size, all.length);
  assert.equal(all.length, s.sessions[0]!.events + s.sessions[1]!.events);
  assert.deepEqual([s.rows('sessions'), s.rows('prompts'), s.rows('events')], [2, 4, 8]);
});

test('whole turns per request: a cut falls only before a prompt', async (t) => {
  const s = setup(t);
  await s.run();
  const starts = s.sent.map((events) => events[0]?.kind);
  assert.deepEqual(
    starts,
    [...Array(2)].flatMap(() => ['session-start', 'prompt', 'prompt', 'prompt']),
  );
});

test('a progress file that cannot be read means starting over, which stores nothing twice', async (t) => {
  const s = setup(t);
  await s.run();
  assert.deepEqual((await s.run()).sessions, 0);
  writeFileSync(backfillStateFile(s.dataDir), '{not json');
  assert.deepEqual(loadBackfillState(s.dataDir), { v: 1, done: {} });
  const totals = await s.run();
  assert.equal(totals.stored, 0);
  assert.deepEqual([s.rows('sessions'), s.rows('events')], [2, 8]);
});
