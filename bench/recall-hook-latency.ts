// Wall time of the recall hooks (issue 15) against bare `node -e ""`, with N observations
// (default 10k) and the worker running: UserPromptSubmit, which spools the prompt and then asks
// for prompt-time recall, and PreToolUse of a Read, which asks for file-time recall. Each run is
// a new session, so recall is never skipped as already given; the prompts draw words from the
// seeded vocabulary and the files are ones the observations name, so many runs do inject.
// And PreToolUse of Bash (issue 34), which asks for a dead-end warning: 200 of the observations
// are dead ends keyed `cmd:make target-K`, and the commands hit one of them half of the time.
// Target: hook p95 <= 2x bare node p95.
// Usage: node --import tsx bench/recall-hook-latency.ts [--runs 30] [--observations 10000]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureDataDir } from '../src/config/index.ts';
import { openDatabase } from '../src/store/index.ts';
import { createTestHome, HOOK_BUNDLE } from '../test/helpers/env.ts';
import { seedSession } from '../test/helpers/seed-memory.ts';
import { startWorker, stopWorker } from '../test/helpers/worker.ts';
import { flags } from './lib/recall-stack.ts';
import { fixed, msSince, printTable, summarize } from './lib/stats.ts';
import { random, seedSynthetic } from './lib/synthetic.ts';

const args = flags();
const RUNS = Number(args.get('runs') ?? 30);
const OBSERVATIONS = Number(args.get('observations') ?? 10_000);
const WARMUP = 3;

interface Timed {
  ms: number;
  ok: boolean;
  recalled: boolean;
}

/** Spawns `node ...args` with `stdin`; times it from spawn to exit and reads its answer. */
function timeNode(
  args: string[],
  stdin: string,
  env: NodeJS.ProcessEnv,
  answers = true,
): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { env, stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = msSince(start);
      const valid = answers
        ? out.endsWith('}\n') && out.startsWith('{"continue":true')
        : out === '';
      resolve({ ms, ok: code === 0 && valid, recalled: out.includes('<claude-mem-recall>') });
    });
    child.stdin.end(stdin);
  });
}

async function main(): Promise<void> {
  if (!existsSync(HOOK_BUNDLE)) throw new Error(`${HOOK_BUNDLE} is missing: run npm run build`);
  const home = await createTestHome();
  const projectDir = join(dirname(home.dataDir), 'bench');
  mkdirSync(projectDir, { recursive: true });
  ensureDataDir(home.dataDir);
  const db = openDatabase(join(home.dataDir, 'claude-mem.db'));
  seedSession(db, 'seed', 'bench', { root: projectDir });
  const { draw } = seedSynthetic(db, OBSERVATIONS, Date.now() - 86_400_000);
  const files = db
    .prepare("SELECT DISTINCT json_extract(files_read, '$[0]') FROM observations LIMIT 500")
    .pluck()
    .all() as string[];
  const keyed = db.prepare(
    "INSERT INTO dead_end_keys (project, key, observation_id, fix) VALUES ('bench', ?, ?, '')",
  );
  const ids = db.prepare('SELECT id FROM observations LIMIT 200').pluck().all() as number[];
  ids.forEach((id, k) => keyed.run(`cmd:make target-${k}`, id));
  db.close();
  await startWorker(home);
  const pick = random(7);
  const cases: Record<string, (i: number) => Promise<Timed>> = {
    bare: () => timeNode(['-e', ''], '', home.env, false),
    UserPromptSubmit: (i) =>
      timeNode(
        [HOOK_BUNDLE, 'UserPromptSubmit'],
        JSON.stringify({
          session_id: `bench-prompt-${i}`,
          cwd: projectDir,
          hook_event_name: 'UserPromptSubmit',
          prompt: `please look at ${Array.from({ length: 8 }, draw).join(' ')} again`,
        }),
        home.env,
      ),
    PreToolUse: (i) =>
      timeNode(
        [HOOK_BUNDLE, 'PreToolUse'],
        JSON.stringify({
          session_id: `bench-file-${i}`,
          cwd: projectDir,
          hook_event_name: 'PreToolUse',
          tool_name: 'Read',
          tool_input: {
            file_path: join(projectDir, files[Math.floor(pick() * files.length)] ?? 'x'),
          },
        }),
        home.env,
      ),
    'PreToolUse Bash': (i) =>
      timeNode(
        [HOOK_BUNDLE, 'PreToolUse'],
        JSON.stringify({
          session_id: `bench-bash-${i}`,
          cwd: projectDir,
          hook_event_name: 'PreToolUse',
          tool_name: 'Bash',
          tool_input: { command: `make target-${Math.floor(pick() * 400)} -j4` },
        }),
        home.env,
      ),
  };
  const samples = await measure(cases);
  await stopWorker(home);
  home.cleanup();
  report(samples);
}

type Samples = Record<string, { ms: number[]; failures: number; recalled: number }>;

async function measure(cases: Record<string, (i: number) => Promise<Timed>>): Promise<Samples> {
  const names = Object.keys(cases);
  const samples: Samples = Object.fromEntries(
    names.map((name) => [name, { ms: [], failures: 0, recalled: 0 }]),
  );
  for (let i = 0; i < WARMUP + RUNS; i += 1) {
    for (let k = 0; k < names.length; k += 1) {
      const name = names[(i + k) % names.length] ?? 'bare';
      const result = await cases[name]?.(i);
      const into = samples[name];
      if (!result || !into || i < WARMUP) continue;
      into.ms.push(result.ms);
      if (!result.ok) into.failures += 1;
      if (result.recalled) into.recalled += 1;
    }
  }
  return samples;
}

function report(samples: Samples): void {
  const base = summarize(samples.bare?.ms ?? []);
  console.log(
    `recall hook latency: ${RUNS} interleaved runs each (+${WARMUP} warm-up), ${OBSERVATIONS} observations, worker running, node ${process.version}\n`,
  );
  printTable(
    [
      'command',
      'p50 ms',
      'p95 ms',
      'p50 / bare p50',
      'p95 / bare p95',
      'runs that injected',
      'failed runs',
    ],
    Object.entries(samples).map(([name, s]) => {
      const sum = summarize(s.ms);
      return [
        name === 'bare' ? 'node -e ""' : `node dist/hook.cjs ${name}`,
        fixed(sum.p50),
        fixed(sum.p95),
        `${fixed(sum.p50 / base.p50, 2)}x`,
        `${fixed(sum.p95 / base.p95, 2)}x`,
        name === 'bare' ? '-' : `${s.recalled} / ${s.ms.length}`,
        String(s.failures),
      ];
    }),
  );
  const worst = Math.max(
    ...['UserPromptSubmit', 'PreToolUse', 'PreToolUse Bash'].map(
      (n) => summarize(samples[n]?.ms ?? []).p95,
    ),
  );
  console.log(
    `\ntarget: recall hooks p95 <= 2x bare node p95: ${worst / base.p95 <= 2 ? 'met' : 'NOT met'} (${fixed(worst / base.p95, 2)}x)`,
  );
}

await main();
