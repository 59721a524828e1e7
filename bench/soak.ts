// The soak (`npm run bench` runs it for 5 minutes; CI runs 30 s as test/e2e/soak.test.ts): 50
// simulated Claude Code sessions at once through the real hook commands, tool calls in parallel
// bursts, the worker killed every 30 s (SIGTERM and SIGKILL in turn) except over the last 2
// minutes, and a fake Anthropic API answering with random 429s, 500s, 529s, timeouts, dropped
// connections and garbage. Then it checks that every event is accounted for, that no process is
// left, the worker's memory trend over the quiet tail, and PRAGMA quick_check. Exits 1 if any
// check fails.
// Usage: node --import tsx bench/soak.ts [--seconds 300] [--sessions 50] [--seed 7]
import { countQuarantined, listSpool } from '../src/spool/index.ts';
import { queryDb } from '../test/helpers/db.ts';
import {
  badRuns,
  recalledRuns,
  driveLoad,
  endSoak,
  eventOutcomes,
  processesFor,
  rssTrend,
  settle,
  startSoak,
} from '../test/helpers/soak.ts';
import { flags } from './lib/recall-stack.ts';
import { fixed, printTable } from './lib/stats.ts';

const args = flags();
const SECONDS = Number(args.get('seconds') ?? 300);
const SESSIONS = Number(args.get('sessions') ?? 50);
const SEED = Number(args.get('seed') ?? 7);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const soak = await startSoak(SEED);
  const durationMs = SECONDS * 1000;
  await driveLoad(soak, {
    durationMs,
    sessions: SESSIONS,
    restartEveryMs: Math.max(5_000, Math.min(30_000, durationMs / 6)),
    quietTailMs: Math.max(15_000, Math.min(120_000, durationMs * 0.4)),
    seed: SEED,
  });
  const settleStart = Date.now();
  await settle(soak, 300_000);
  const settleMs = Date.now() - settleStart;
  const { home, load } = soak;
  const outcomes = eventOutcomes(home);
  const expected = [...load.expectedTools].sort();
  const stored = [...outcomes.ids].sort();
  const sameEvents = JSON.stringify(expected) === JSON.stringify(stored);
  const prompts = queryDb(home.dataDir, 'SELECT 1 FROM prompts').length;
  const quick = (queryDb<{ quick_check: string }>(home.dataDir, 'PRAGMA quick_check')[0] ?? {})
    .quick_check;
  const spool = listSpool(home.dataDir).length + countQuarantined(home.dataDir);
  await endSoak(soak);
  for (let i = 0; i < 600 && processesFor(home.dataDir).length > 0; i += 1) await sleep(100);
  const leftovers = processesFor(home.dataDir);
  const trend = rssTrend(load);
  const bad = badRuns(load);
  home.cleanup();

  const checks: Array<[string, boolean, string]> = [
    [
      'every hook exited 0 with the neutral answer (or a well-formed recall block)',
      bad.length === 0,
      `${load.runs.length} hook runs, ${bad.length} bad, ${recalledRuns(load)} with recall`,
    ],
    [
      'every captured tool event stored exactly once',
      sameEvents,
      `${expected.length} expected, ${stored.length} stored; ${load.droppedTools.size} dropped on purpose (skip list, private turns)`,
    ],
    [
      'every event compressed, or skipped/failed with a reason',
      outcomes.unexplained.length === 0 && !('pending' in outcomes.states),
      JSON.stringify(outcomes.states),
    ],
    [
      'every visible prompt stored once',
      prompts === load.visiblePrompts,
      `${prompts} of ${load.visiblePrompts}`,
    ],
    ['spool empty, nothing quarantined', spool === 0, `${spool} files left`],
    ['PRAGMA quick_check', quick === 'ok', String(quick)],
    [
      'no process left (workers, hooks, children)',
      leftovers.length === 0,
      `${leftovers.length} left`,
    ],
    [
      'worker RSS: no growth trend over the quiet tail',
      trend.lastMb <= trend.firstMb * 1.25 + 16,
      `${fixed(trend.firstMb)} -> ${fixed(trend.lastMb)} MB (first vs last third of ${fixed(trend.spanMs / 1000, 0)} s), slope ${fixed(trend.slopeMbPerMin, 2)} MB/min`,
    ],
  ];
  console.log(
    `soak: ${SESSIONS} sessions for ${SECONDS} s through the real hooks; worker restarts: ${load.restarts.sigterm} SIGTERM + ${load.restarts.sigkill} SIGKILL; settled in ${fixed(settleMs / 1000, 1)} s after the load\n`,
  );
  console.log(`provider answers: ${JSON.stringify(load.replies)}\n`);
  printTable(
    ['check', 'result', 'detail'],
    checks.map(([name, ok, detail]) => [name, ok ? 'ok' : 'FAILED', detail]),
  );
  console.log(
    `\nthroughput under load: ${fixed(load.runs.length / (load.loadMs / 1000), 1)} hook runs/s on ${SESSIONS} sessions`,
  );
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
}

await main();
