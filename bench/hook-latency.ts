// Wall time of the capture hook (`node dist/hook.cjs <Event>`) against bare `node -e ""`,
// measured interleaved in one run with a worker running, so the hook takes its normal path.
// Usage: node --import tsx bench/hook-latency.ts [runs]   (or BENCH_RUNS; default 30)
// Both sides run with the same pinned env (createTestHome): an inherited NODE_OPTIONS or
// NODE_EXTRA_CA_CERTS adds the same start-up cost (~30 ms for the latter here) to both and
// would hide the ratio.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createTestHome, HOOK_BUNDLE } from '../test/helpers/env.ts';
import { queryDb } from '../test/helpers/db.ts';
import { startWorker, stopWorker, waitForDrain } from '../test/helpers/worker.ts';
import { otherHookPayload, postToolUsePayload, userPromptPayload } from './lib/payloads.ts';
import { countArg, fixed, msSince, printTable, summarize } from './lib/stats.ts';

const RUNS = countArg('BENCH_RUNS', 30);
/** The capture hooks besides PostToolUse and UserPromptSubmit (SessionStart: search-latency). */
const OTHER_HOOKS = ['PostToolUseFailure', 'Stop', 'SubagentStop', 'PreCompact', 'SessionEnd'];
const WARMUP = 3;
const NEUTRAL = '{"continue":true,"suppressOutput":true}\n';
const REPO = join(import.meta.dirname, '..');

/** What the worker stored from the runs. */
interface Stored {
  tools: number;
  failures: number;
  prompts: number;
  turnEnds: number;
}

interface Timed {
  ms: number;
  ok: boolean;
}

/** Spawns `node ...args` with `stdin`, and times it from spawn to exit. */
function timeNode(
  args: string[],
  stdin: string,
  env: NodeJS.ProcessEnv,
  expect: string,
): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { env, stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: msSince(start), ok: code === 0 && out === expect }));
    child.stdin.end(stdin);
  });
}

async function main(): Promise<void> {
  if (!existsSync(HOOK_BUNDLE)) throw new Error(`${HOOK_BUNDLE} is missing: run npm run build`);
  const home = await createTestHome();
  await startWorker(home);
  const sessionId = `bench-${process.pid}`;
  const cases: Record<string, (i: number) => Promise<Timed>> = {
    bare: (): Promise<Timed> => timeNode(['-e', ''], '', home.env, ''),
    PostToolUse: (i: number): Promise<Timed> =>
      timeNode(
        [HOOK_BUNDLE, 'PostToolUse'],
        JSON.stringify(postToolUsePayload(sessionId, REPO, `toolu_bench_${i}`)),
        home.env,
        NEUTRAL,
      ),
    UserPromptSubmit: (i: number): Promise<Timed> =>
      timeNode(
        [HOOK_BUNDLE, 'UserPromptSubmit'],
        JSON.stringify(userPromptPayload(sessionId, REPO, i)),
        home.env,
        NEUTRAL,
      ),
    ...Object.fromEntries(
      OTHER_HOOKS.map((event) => [
        event,
        (i: number): Promise<Timed> =>
          timeNode(
            [HOOK_BUNDLE, event],
            // SessionEnd ends its session: each run ends a session of its own.
            JSON.stringify(
              otherHookPayload(
                event,
                event === 'SessionEnd' ? `${sessionId}-end-${i}` : sessionId,
                REPO,
                i,
              ),
            ),
            home.env,
            NEUTRAL,
          ),
      ]),
    ),
  };
  const names = Object.keys(cases);
  const samples: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  let failures = 0;
  for (let i = 0; i < WARMUP + RUNS; i += 1) {
    // Rotate the order each round so no case always runs first (or right after another).
    for (let k = 0; k < names.length; k += 1) {
      const name = names[(i + k) % names.length] ?? 'bare';
      const run = cases[name];
      if (!run) continue;
      const result = await run(i);
      if (!result.ok) failures += 1;
      if (i >= WARMUP) samples[name]?.push(result.ms);
    }
  }
  await waitForDrain(home);
  const [stored] = queryDb<Stored>(
    home.dataDir,
    `SELECT (SELECT COUNT(*) FROM events WHERE failed = 0) AS tools,
       (SELECT COUNT(*) FROM events WHERE failed = 1) AS failures,
       (SELECT COUNT(*) FROM prompts) AS prompts, (SELECT COUNT(*) FROM turns) AS turnEnds`,
  );
  await stopWorker(home);
  home.cleanup();
  report(samples, failures, stored);
}

function report(
  samples: Record<string, number[]>,
  failures: number,
  stored: Stored | undefined,
): void {
  const base = summarize(samples.bare ?? []);
  console.log(`hook latency: ${RUNS} interleaved runs each (+${WARMUP} warm-up), worker running`);
  console.log(`node ${process.version}, ${process.platform}/${process.arch}\n`);
  printTable(
    ['command', 'p50 ms', 'p95 ms', 'min ms', 'p50 / bare', 'p95 / bare'],
    Object.entries(samples).map(([name, values]) => {
      const s = summarize(values);
      const label = name === 'bare' ? 'node -e ""' : `node dist/hook.cjs ${name}`;
      return [
        label,
        fixed(s.p50),
        fixed(s.p95),
        fixed(s.min),
        fixed(s.p50 / base.p50, 2) + 'x',
        fixed(s.p95 / base.p95, 2) + 'x',
      ];
    }),
  );
  const post = summarize(samples.PostToolUse ?? []);
  console.log(
    `\ntarget: PostToolUse p50 <= 1.3x bare node: ${post.p50 / base.p50 <= 1.3 ? 'met' : 'NOT met'}`,
  );
  console.log(`hook runs that did not exit 0 with the neutral JSON: ${failures}`);
  console.log(
    `stored after drain: ${stored?.tools} tool events, ${stored?.failures} failed tool events, ${stored?.prompts} prompts, ${stored?.turnEnds} turn ends (expected ${WARMUP + RUNS} each, ${2 * (WARMUP + RUNS)} turn ends: Stop and SubagentStop)`,
  );
}

await main();
