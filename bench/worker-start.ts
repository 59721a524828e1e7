// Worker start to healthy: from spawning `node dist/cli.mjs worker run` to its first 200 on
// /health, on a fresh data folder (database created, migrations applied) and on one that already
// holds 10k observations, against two baselines measured interleaved in the same run: bare
// `node -e ""` (spawn to exit) and a bare node:http server (spawn to its first answer). Also the
// time from SIGTERM to exit.
// Usage: node --import tsx bench/worker-start.ts [runs]   (or BENCH_RUNS; default 15)
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { existsSync } from 'node:fs';
import { CLI_BUNDLE, createTestHome, freePort, type TestHome } from '../test/helpers/env.ts';
import { withDatabase } from '../test/helpers/recall-home.ts';
import { countArg, fixed, msSince, printTable, summarize } from './lib/stats.ts';
import { seedSynthetic } from './lib/synthetic.ts';

const RUNS = countArg('BENCH_RUNS', 15);
const WARMUP = 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET /health (or /) answered 200, within 200 ms. */
function answers(port: number, path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}` } },
      (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      },
    );
    req.setTimeout(200, () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

async function untilAnswers(port: number, path: string): Promise<void> {
  for (let i = 0; i < 2000; i += 1) {
    if (await answers(port, path)) return;
    await sleep(5);
  }
  throw new Error(`nothing answered on port ${port}`);
}

/** Spawns `node ...args` and times spawn -> exit. */
function bareNode(): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', () => resolve(msSince(start)));
  });
}

const HTTP_SERVER = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.argv[1]), '127.0.0.1')`;

/** A bare node:http server: spawn -> first 200, then SIGTERM -> exit. */
async function bareHttp(): Promise<{ start: number; stop: number }> {
  const port = await freePort();
  const start = process.hrtime.bigint();
  const child = spawn(process.execPath, ['-e', HTTP_SERVER, String(port)], { stdio: 'ignore' });
  await untilAnswers(port, '/');
  const started = msSince(start);
  return { start: started, stop: await stopChild(child) };
}

async function stopChild(child: ReturnType<typeof spawn>): Promise<number> {
  const start = process.hrtime.bigint();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
  return msSince(start);
}

/** The worker: spawn -> first 200 on /health, then SIGTERM -> exit. */
async function worker(home: TestHome): Promise<{ start: number; stop: number }> {
  const start = process.hrtime.bigint();
  const child = spawn(process.execPath, [CLI_BUNDLE, 'worker', 'run'], {
    env: home.env,
    stdio: 'ignore',
  });
  await untilAnswers(home.port, '/health');
  const started = msSince(start);
  return { start: started, stop: await stopChild(child) };
}

async function main(): Promise<void> {
  if (!existsSync(CLI_BUNDLE)) throw new Error(`${CLI_BUNDLE} is missing: run npm run build`);
  const env = { CLAUDE_MEM_SEARCH_EMBEDDER: 'off' };
  const seeded = await createTestHome(env);
  withDatabase(seeded, (db) => seedSynthetic(db, 10_000, Date.now()));
  const samples: Record<string, number[]> = {
    bare: [],
    http: [],
    httpStop: [],
    fresh: [],
    freshStop: [],
    seeded: [],
    seededStop: [],
  };
  for (let i = 0; i < WARMUP + RUNS; i += 1) {
    const keep = i >= WARMUP;
    const b = await bareNode();
    const h = await bareHttp();
    const freshHome = await createTestHome(env);
    const f = await worker(freshHome);
    freshHome.cleanup();
    const s = await worker(seeded);
    if (!keep) continue;
    samples.bare!.push(b);
    samples.http!.push(h.start);
    samples.httpStop!.push(h.stop);
    samples.fresh!.push(f.start);
    samples.freshStop!.push(f.stop);
    samples.seeded!.push(s.start);
    samples.seededStop!.push(s.stop);
  }
  seeded.cleanup();
  report(samples);
}

function report(samples: Record<string, number[]>): void {
  const bare = summarize(samples.bare!).p50;
  const http = summarize(samples.http!).p50;
  const row = (label: string, key: string): string[] => {
    const s = summarize(samples[key]!);
    return [
      label,
      fixed(s.p50),
      fixed(s.p95),
      `${fixed(s.p50 / bare, 2)}x`,
      `${fixed(s.p50 / http, 2)}x`,
    ];
  };
  console.log(
    `worker start to healthy: ${RUNS} interleaved runs each (+${WARMUP} warm-up), node ${process.version}\n`,
  );
  printTable(
    ['what', 'p50 ms', 'p95 ms', 'p50 / bare node', 'p50 / bare http server'],
    [
      row('baseline: node -e "" (spawn to exit)', 'bare'),
      row('baseline: bare node:http server (spawn to first 200)', 'http'),
      row('worker, fresh data folder (spawn to /health 200)', 'fresh'),
      row('worker, 10k observations in the database', 'seeded'),
      row('bare node:http server: SIGTERM to exit', 'httpStop'),
      row('worker (fresh): SIGTERM to exit', 'freshStop'),
      row('worker (10k observations): SIGTERM to exit', 'seededStop'),
    ],
  );
}

await main();
