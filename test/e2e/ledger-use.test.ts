import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  assistantLine,
  jsonl,
  resultLine,
  toolUse,
  userLine,
} from '../helpers/transcript-lines.ts';
import { queryDb } from '../helpers/db.ts';
import { projectHook, recallHome, withDatabase, type RecallHome } from '../helpers/recall-home.ts';
import { seedObservation, seedSession } from '../helpers/seed-memory.ts';
import { startWorker, waitForDrain, WORKER_DEADLINE_MS } from '../helpers/worker.ts';

// Must show 1 of issue 35, through the real hook bundle and the real worker: SessionStart's
// index is the injection; the session's transcript (written as Claude Code would) then reads
// one memory's file and fetches another by id; Stop makes the worker read the transcript.

const DAY = 86_400_000;

interface Seeded {
  login: number;
  invoice: number;
  fetched: number;
}

function seed(home: RecallHome): Seeded {
  return withDatabase(home, (db) => {
    const s = seedSession(db, 'old', home.project, { root: home.projectDir, at: Date.now() - DAY });
    const memory = (title: string, files: string[], ago: number) =>
      seedObservation(db, {
        project: home.project,
        sessionRowId: s,
        title,
        filesModified: files,
        createdAt: Date.now() - ago,
      });
    return {
      login: memory('Login redirect drops the query string', ['src/auth/login.ts'], 3 * DAY),
      invoice: memory('Invoices round half-even', ['src/billing/invoice.ts'], 2 * DAY),
      fetched: memory('Why the cache is warmed at boot', [], DAY),
    };
  });
}

/** The transcript of a session that, after its start, reads login.ts and fetches one id. */
function writeTranscript(home: RecallHome, session: string, fetchedId: number): void {
  const at = (ms: number) => ({ timestamp: new Date(Date.now() + ms).toISOString() });
  const file = join(home.projectDir, 'src/auth/login.ts');
  const text = jsonl(
    userLine('the login page loses its query', at(1)),
    assistantLine('m1', [toolUse('u1', 'Read', { file_path: file })], at(2)),
    resultLine('u1', 'export function login() {}', { extra: at(3) }),
    assistantLine(
      'm2',
      [toolUse('u2', 'mcp__claude-mem__get_observations', { ids: [fetchedId] })],
      at(4),
    ),
    resultLine('u2', `#${fetchedId} discovery: Why the cache is warmed at boot`, { extra: at(5) }),
  );
  writeFileSync(join(home.projectDir, `${session}.jsonl`), text);
}

interface SignalRow {
  observation_id: number;
  signal: string;
  detail: string;
}

async function signalsOf(home: RecallHome, session: string, want: number): Promise<SignalRow[]> {
  const deadline = Date.now() + WORKER_DEADLINE_MS;
  for (;;) {
    const rows = queryDb<SignalRow>(
      home.dataDir,
      `SELECT observation_id, signal, detail FROM use_signals WHERE session_id = ?
       ORDER BY observation_id, signal`,
      session,
    );
    if (rows.length >= want || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('through the real hooks, the ledger records the index and marks what the session used', async (t) => {
  const home = await recallHome(t);
  const ids = seed(home);
  await startWorker(home);
  const start = await projectHook(home, 's-1', 'SessionStart', { source: 'startup' });
  assert.equal(start.code, 0, start.stderr);
  const injected = queryDb<{ observation_id: number; moment: string; tokens: number }>(
    home.dataDir,
    "SELECT observation_id, moment, tokens FROM injections WHERE session_id = 's-1' ORDER BY 1",
  );
  assert.deepEqual(
    injected.map((row) => `${row.observation_id} ${row.moment}`),
    [ids.login, ids.invoice, ids.fetched].map((id) => `${id} session-start`),
  );
  assert.ok(injected.every((row) => row.tokens > 5));

  writeTranscript(home, 's-1', ids.fetched);
  await projectHook(home, 's-1', 'UserPromptSubmit', { prompt: 'the login page loses its query' });
  const stop = await projectHook(home, 's-1', 'Stop', { last_assistant_message: 'Fixed.' });
  assert.equal(stop.code, 0, stop.stderr);
  await waitForDrain(home);
  const signals = await signalsOf(home, 's-1', 2);

  await t.test('the memory whose file the agent read is used, by that file', () => {
    assert.ok(
      signals.some((s) => s.observation_id === ids.login && s.signal === 'file'),
      JSON.stringify(signals),
    );
  });
  await t.test('a get_observations call marks its id used', () => {
    assert.ok(signals.some((s) => s.observation_id === ids.fetched && s.signal === 'fetched'));
  });
  await t.test('the memory never referred to stays unused', () => {
    assert.equal(signals.filter((s) => s.observation_id === ids.invoice).length, 0);
    const used = queryDb<{ observation_id: number; used: number }>(
      home.dataDir,
      `SELECT observation_id, used_at IS NOT NULL AS used FROM injections
       WHERE session_id = 's-1' AND moment = 'session-start' ORDER BY 1`,
    );
    assert.deepEqual(
      used.map((row) => [row.observation_id, row.used]),
      [
        [ids.login, 1],
        [ids.invoice, 0],
        [ids.fetched, 1],
      ],
    );
  });
  await t.test('the get_observations answer is itself in the ledger, as an MCP injection', () => {
    const rows = queryDb<{ n: number }>(
      home.dataDir,
      "SELECT COUNT(*) AS n FROM injections WHERE session_id = 's-1' AND moment = 'mcp-get' AND observation_id = ?",
      ids.fetched,
    );
    assert.equal(rows[0]?.n, 1);
  });
});
