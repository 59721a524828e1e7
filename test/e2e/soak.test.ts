// The CI soak (30 s; `npm run bench` runs the same for 5 minutes, bench/soak.ts): 50 simulated
// Claude Code sessions at once through the real hook commands, tool calls in parallel bursts, the
// worker killed every few seconds (SIGTERM and SIGKILL in turn), and a fake Anthropic API that
// answers with random 429s, 500s, 529s, timeouts, dropped connections and garbage. At the end
// every event is accounted for, nothing is left running, memory shows no growth trend over the
// quiet tail, and the database passes quick_check. Every phase ends on a condition, never on a
// wall-clock budget: on a loaded machine (`run-tests.mjs --saturated` runs it with every core
// busy) the soak runs longer, and its checks stay the same.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { countQuarantined, listSpool } from '../../src/spool/index.ts';
import { saturateWhenAsked } from '../helpers/cpu-load.ts';
import { queryDb } from '../helpers/db.ts';
import {
  badRuns,
  endSoak,
  eventOutcomes,
  processesFor,
  rssTrend,
  startSoak,
  driveLoad,
  settle,
  type Soak,
} from '../helpers/soak.ts';

const DURATION_MS = Number(process.env.SOAK_MS ?? 30_000);
const SESSIONS = 50;
const REPLY_KINDS = ['429', '500', 'timeout', 'reset', 'garbage', 'cut-off', 'good'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

saturateWhenAsked();

async function leftoverProcesses(dataDir: string, timeoutMs = 60_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  while (processesFor(dataDir).length > 0 && Date.now() < deadline) await sleep(100);
  return processesFor(dataDir);
}

describe(`soak: ${SESSIONS} sessions through the real hooks for ${DURATION_MS / 1000} s`, () => {
  let soak: Soak;
  let outcomes: ReturnType<typeof eventOutcomes>;
  let prompts: number;
  let quickCheck: unknown;
  let spool: { waiting: number; quarantined: number };
  let leftovers: number[];

  before(async () => {
    soak = await startSoak(7);
    await driveLoad(soak, {
      durationMs: DURATION_MS,
      sessions: SESSIONS,
      restartEveryMs: Math.max(3_000, DURATION_MS / 8),
      // The tail starts once the last worker answers; the memory check skips its first 3 s: 18 s
      // of tail leaves it more than 10 s of samples.
      quietTailMs: Math.max(18_000, DURATION_MS * 0.6),
      seed: 7,
      // A loaded machine makes fewer provider calls a second: go on until each kind was sent.
      until: () => REPLY_KINDS.every((kind) => (soak.load.replies[kind] ?? 0) > 0),
    });
    await settle(soak);
    outcomes = eventOutcomes(soak.home);
    prompts = queryDb(soak.home.dataDir, 'SELECT 1 FROM prompts').length;
    quickCheck = queryDb(soak.home.dataDir, 'PRAGMA quick_check')[0];
    spool = {
      waiting: listSpool(soak.home.dataDir).length,
      quarantined: countQuarantined(soak.home.dataDir),
    };
    await endSoak(soak);
    leftovers = await leftoverProcesses(soak.home.dataDir);
  });

  after(async () => {
    await endSoak(soak);
    soak?.home.cleanup();
  });

  it('ran the sessions with worker restarts and a provider answering every kind of failure', () => {
    const { load } = soak;
    assert.ok(load.runs.length >= SESSIONS * 4, `${load.runs.length} hook runs`);
    assert.ok(
      load.restarts.sigterm >= 1 && load.restarts.sigkill >= 1,
      JSON.stringify(load.restarts),
    );
    assert.deepEqual(
      REPLY_KINDS.filter((kind) => !(load.replies[kind] ?? 0)),
      [],
      JSON.stringify(load.replies),
    );
  });

  it('had every hook exit 0 with the neutral answer and nothing on stderr', () => {
    assert.deepEqual(badRuns(soak.load), []);
  });

  it('stores every captured tool event exactly once, and none that capture drops on purpose', () => {
    const expected = [...soak.load.expectedTools].sort();
    assert.deepEqual([...outcomes.ids].sort(), expected);
    assert.ok(soak.load.droppedTools.size > 0);
  });

  it('accounts for every event: compressed, or skipped or failed with a reason; none pending', () => {
    assert.deepEqual(
      Object.keys(outcomes.states).filter(
        (state) => !['compressed', 'skipped', 'failed'].includes(state),
      ),
      [],
    );
    assert.deepEqual(outcomes.unexplained, []);
  });

  it('stores every visible prompt once', () => {
    assert.equal(prompts, soak.load.visiblePrompts);
  });

  it('leaves the spool empty and nothing quarantined', () => {
    assert.deepEqual(spool, { waiting: 0, quarantined: 0 });
  });

  it('passes PRAGMA quick_check', () => {
    assert.deepEqual(quickCheck, { quick_check: 'ok' });
  });

  it('leaves no process behind: no worker, no hook, no child', () => {
    assert.deepEqual(leftovers, []);
  });

  it('shows no memory growth trend in the worker over the quiet tail', () => {
    const trend = rssTrend(soak.load);
    assert.ok(trend.samples >= 8 && trend.spanMs >= 10_000, JSON.stringify(trend));
    assert.ok(trend.lastMb <= trend.firstMb * 1.25 + 16, JSON.stringify(trend));
  });
});
