import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runHookProcess, type HookRun } from '../../src/cli/hook-process.ts';
import { queryDb } from '../helpers/db.ts';
import { HOOK_BUNDLE, createTestHome, type TestHome } from '../helpers/env.ts';
import { workerPidsFor } from '../helpers/proc.ts';
import { stopWorker, waitForDrain } from '../helpers/worker.ts';

const STREAMS = 16;
const EVENTS_PER_STREAM = 200;
const SESSIONS = 4;
const NEUTRAL_LINE = '{"continue":true,"suppressOutput":true}\n';

const toolUseId = (stream: number, index: number): string => `toolu_conc_${stream}_${index}`;

function payload(home: TestHome, stream: number, index: number): string {
  return JSON.stringify({
    session_id: `concurrent-session-${stream % SESSIONS}`,
    transcript_path: join(dirname(home.dataDir), 'transcript.jsonl'),
    cwd: dirname(home.dataDir),
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_input: { command: `echo stream ${stream} event ${index}` },
    tool_response: { stdout: `stream ${stream} event ${index}\n`, stderr: '', interrupted: false },
    tool_use_id: toolUseId(stream, index),
    duration_ms: index,
  });
}

/** One Claude Code session's worth of tool hooks: each a real process, one after another. */
async function runStream(home: TestHome, stream: number): Promise<HookRun[]> {
  const runs: HookRun[] = [];
  for (let index = 0; index < EVENTS_PER_STREAM; index += 1) {
    const input = payload(home, stream, index);
    runs.push(
      await runHookProcess(HOOK_BUNDLE, 'PostToolUse', input, home.env, dirname(home.dataDir)),
    );
  }
  return runs;
}

/** Every worker pid seen for `home` while `work` runs, sampled from /proc. */
async function watchWorkers<T>(
  home: TestHome,
  work: Promise<T>,
): Promise<{ result: T; pids: Set<number> }> {
  const pids = new Set<number>();
  const sample = (): void => workerPidsFor(home.dataDir).forEach((pid) => pids.add(pid));
  const timer = setInterval(sample, 100);
  const result = await work;
  clearInterval(timer);
  sample();
  return { result, pids };
}

describe('16 concurrent hook streams x 200 PostToolUse events, no worker running at the start', () => {
  let home: TestHome;
  let runs: HookRun[];
  let seenWorkers: Set<number>;
  let workersBefore: number[];

  before(async () => {
    home = await createTestHome();
    workersBefore = workerPidsFor(home.dataDir);
    const streams = Array.from({ length: STREAMS }, (_, stream) => runStream(home, stream));
    const watched = await watchWorkers(home, Promise.all(streams));
    runs = watched.result.flat();
    await waitForDrain(home, 120_000);
    seenWorkers = watched.pids;
  });

  after(async () => {
    await stopWorker(home);
    home.cleanup();
  });

  it('runs with no worker before the first hook', () => {
    assert.deepEqual(workersBefore, []);
  });

  it('has every hook exit 0 with exactly the neutral answer and nothing on stderr', () => {
    const outcomes = runs.map((run) => JSON.stringify([run.code, run.stdout, run.stderr]));
    assert.equal(runs.length, STREAMS * EVENTS_PER_STREAM);
    assert.deepEqual([...new Set(outcomes)], [JSON.stringify([0, NEUTRAL_LINE, ''])]);
  });

  it('stores each of the 3,200 events exactly once', () => {
    const counts = queryDb(
      home.dataDir,
      'SELECT COUNT(*) AS total, COUNT(DISTINCT tool_use_id) AS ids FROM events',
    );
    const stored = queryDb<{ id: string }>(home.dataDir, 'SELECT tool_use_id AS id FROM events');
    const expected = Array.from({ length: STREAMS }, (_, stream) =>
      Array.from({ length: EVENTS_PER_STREAM }, (_, index) => toolUseId(stream, index)),
    ).flat();
    assert.deepEqual(counts, [{ total: 3200, ids: 3200 }]);
    assert.deepEqual(new Set(stored.map((row) => row.id)), new Set(expected));
  });

  it('files the events under their sessions, each session with its share', () => {
    const rows = queryDb<{ session_id: string; n: number }>(
      home.dataDir,
      `SELECT s.session_id, COUNT(*) AS n FROM events e JOIN sessions s ON s.id = e.session_id
       GROUP BY s.session_id ORDER BY s.session_id`,
    );
    const share = (STREAMS / SESSIONS) * EVENTS_PER_STREAM;
    const expected = Array.from({ length: SESSIONS }, (_, i) => ({
      session_id: `concurrent-session-${i}`,
      n: share,
    }));
    assert.deepEqual(rows, expected);
  });

  it('ran exactly one worker process, the one still running', () => {
    const running = workerPidsFor(home.dataDir);
    assert.equal(running.length, 1);
    assert.deepEqual([...seenWorkers], running);
  });

  it('logs one worker start and no second worker losing the race for the port', () => {
    const log = readFileSync(join(home.dataDir, 'claude-mem.log'), 'utf8');
    const listening = log.split('\n').filter((line) => line.includes(' listening on 127.0.0.1:'));
    const secondWorkers = log.split('\n').filter((line) => line.includes('a worker already runs'));
    assert.equal(listening.length, 1);
    assert.deepEqual(secondWorkers, []);
  });
});
