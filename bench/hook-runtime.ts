// The capture hook under node and under Bun, interleaved in one run with a worker running:
// `bun dist/hook.cjs PostToolUse` against `node dist/hook.cjs PostToolUse`, and each runtime's
// bare start (`-e 0`). Bun comes from BENCH_BUN (a path) or PATH; without it the bench says so
// and exits 0. Usage: BENCH_BUN=/path/to/bun node --import tsx bench/hook-runtime.ts [runs]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findOnPath } from '../src/cli/install/hook-runtime.ts';
import { createTestHome, HOOK_BUNDLE } from '../test/helpers/env.ts';
import { queryDb } from '../test/helpers/db.ts';
import { startWorker, stopWorker, waitForDrain } from '../test/helpers/worker.ts';
import { postToolUsePayload } from './lib/payloads.ts';
import { countArg, fixed, msSince, printTable, summarize } from './lib/stats.ts';

const RUNS = countArg('BENCH_RUNS', 40);
const WARMUP = 3;
const NEUTRAL = '{"continue":true,"suppressOutput":true}\n';
const REPO = join(import.meta.dirname, '..');

/** Spawns `bin ...args` with `stdin`; ms from spawn to exit, and whether it answered `expect`. */
function timed(bin: string, args: string[], stdin: string, env: NodeJS.ProcessEnv, expect: string) {
  return new Promise<{ ms: number; ok: boolean }>((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(bin, args, { env, stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: msSince(start), ok: code === 0 && out === expect }));
    child.stdin.end(stdin);
  });
}

async function main(): Promise<void> {
  const bun = process.env.BENCH_BUN ?? findOnPath('bun');
  if (!bun || !existsSync(bun)) {
    console.log('hook runtime: no Bun (set BENCH_BUN=/path/to/bun or put bun on PATH): skipped');
    return;
  }
  const home = await createTestHome();
  await startWorker(home);
  const session = `bench-runtime-${process.pid}`;
  const hook = (bin: string) => (i: number) =>
    timed(
      bin,
      [HOOK_BUNDLE, 'PostToolUse'],
      JSON.stringify(postToolUsePayload(session, REPO, `toolu_${bin.length}_${i}`)),
      home.env,
      NEUTRAL,
    );
  const cases: Record<string, (i: number) => Promise<{ ms: number; ok: boolean }>> = {
    // `bun -e ""` prints Bun's help: both bare starts run the one-token script `0`.
    'node -e 0': () => timed(process.execPath, ['-e', '0'], '', home.env, ''),
    'bun -e 0': () => timed(bun, ['-e', '0'], '', home.env, ''),
    'node dist/hook.cjs PostToolUse': hook(process.execPath),
    'bun dist/hook.cjs PostToolUse': hook(bun),
  };
  const names = Object.keys(cases);
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  let failures = 0;
  for (let i = 0; i < WARMUP + RUNS; i += 1) {
    for (let k = 0; k < names.length; k += 1) {
      const name = names[(i + k) % names.length] ?? '';
      const result = await (cases[name] ?? (() => Promise.resolve({ ms: 0, ok: false })))(i);
      if (!result.ok) failures += 1;
      if (i >= WARMUP) samples[name]?.push(result.ms);
    }
  }
  await waitForDrain(home);
  const [stored] = queryDb<{ n: number }>(home.dataDir, 'SELECT COUNT(*) AS n FROM events');
  await stopWorker(home);
  home.cleanup();
  const nodeHook = summarize(samples['node dist/hook.cjs PostToolUse'] ?? []);
  const bare = summarize(samples['node -e 0'] ?? []);
  console.log(`hook runtime: ${RUNS} interleaved runs each (+${WARMUP} warm-up), worker running`);
  console.log(`node ${process.version}, bun at ${bun}\n`);
  printTable(
    ['command', 'p50 ms', 'p95 ms', 'p50 / node hook', 'p50 / bare node'],
    names.map((name) => {
      const s = summarize(samples[name] ?? []);
      return [
        name,
        fixed(s.p50),
        fixed(s.p95),
        `${fixed(s.p50 / nodeHook.p50, 2)}x`,
        `${fixed(s.p50 / bare.p50, 2)}x`,
      ];
    }),
  );
  const expected = 2 * (WARMUP + RUNS);
  console.log(
    `\n${failures} runs without the expected answer; ${stored?.n ?? 0} of ${expected} tool events stored`,
  );
}

await main();
