// Search over HTTP side by side with the incumbent (claude-mem 13.x, npm package or checkout):
// the same 10,000 synthetic observations in both stores, the same queries, one request of each
// worker and one of a bare node http server in turn, so they all see the same machine load. The
// bare server answers twice: in this process, and from a process of its own, as a worker does.
// The incumbent's worker runs under Bun (it needs `bun:sqlite`); its rows are written straight
// into its own SQLite file between a first start (which creates the schema) and a second.
// Without an incumbent (or without Bun) it says so and times ours against bare http alone.
// With one, a same-work line also compares the rounds in which both workers answered with hits.
// `--baseline CLI` also runs our worker from another build (e.g. main's dist/cli.mjs, built with
// `node scripts/build.mjs --outdir DIR` in its checkout) on a copy of the same database, in turn
// with the rest: a change's before and after in one run.
// Every worker is timed once settled (its start-up work done, as a worker the agent meets has
// been up a while); `--no-settle` times ours from its start.
// Usage: node --import tsx bench/vs-incumbent.ts [--incumbent DIR] [--bun PATH] [--baseline CLI]
//          [--size 10000] [--queries 200] [--warm-up 20] [--no-settle]
//   DIR (or BENCH_INCUMBENT): the unpacked npm package (`npm pack claude-mem@13.15.3`) or a checkout with
//   plugin/scripts/worker-service.cjs built. PATH: a bun binary (default: BENCH_BUN, then `bun`
//   on PATH; the npm package @oven/bun-linux-x64 ships one).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createTestHome, freePort, type TestHome } from '../test/helpers/env.ts';
import { withDatabase } from '../test/helpers/recall-home.ts';
import { startWorker, stopWorker, tokenOf, waitForHealth } from '../test/helpers/worker.ts';
import { flags } from './lib/recall-stack.ts';
import { fixed, msSince, printTable, summarize } from './lib/stats.ts';
import { random, seedSynthetic } from './lib/synthetic.ts';

const args = flags();
const SIZE = Number(args.get('size') ?? 10_000);
const QUERIES = Number(args.get('queries') ?? 200);
const WARM_UP = Number(args.get('warm-up') ?? 20);
const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** The incumbent's worker script under DIR, or the empty string. */
function incumbentScript(dir: string | undefined): string {
  if (!dir) return '';
  for (const candidate of ['plugin/scripts/worker-service.cjs', 'scripts/worker-service.cjs']) {
    if (existsSync(join(dir, candidate))) return join(dir, candidate);
  }
  return '';
}

/** A bun binary that runs, or the empty string. */
function findBun(): string {
  const given = args.get('bun') ?? process.env.BENCH_BUN ?? 'bun';
  const probe = spawnSync(given, ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? given : '';
}

/** GET `url` and read the whole body: the time a client waits for one search. */
async function timedGet(url: string, headers: Record<string, string> = {}) {
  const start = process.hrtime.bigint();
  const res = await fetch(url, { headers });
  const body = await res.text();
  return { ms: msSince(start), ok: res.ok, body };
}

/** The incumbent's worker on `port` with data in `dataDir`, healthy. */
async function startIncumbent(bun: string, script: string, dataDir: string, port: number) {
  const child = spawn(bun, [script, '--daemon'], {
    env: {
      PATH: process.env.PATH,
      HOME: join(dataDir, 'home'),
      CLAUDE_MEM_DATA_DIR: dataDir,
      CLAUDE_MEM_WORKER_PORT: String(port),
      CLAUDE_MEM_WORKER_HOST: '127.0.0.1',
      CLAUDE_MEM_CHROMA_ENABLED: 'false',
      CLAUDE_MEM_TELEMETRY_ENABLED: 'false',
    },
    stdio: 'ignore',
  });
  for (let waited = 0; waited < 120_000; waited += 250) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then(async (res) => res.ok && ((await res.json()) as { initialized?: boolean }).initialized)
      .catch(() => false);
    if (up) return child;
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`the incumbent's worker did not answer /api/health on port ${port} in 120 s`);
}

async function stopIncumbent(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const gone = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await Promise.race([gone, sleep(15_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

interface Row {
  type: string;
  title: string;
  subtitle: string;
  narrative: string;
  facts: string;
  concepts: string;
  files_read: string;
  created_at: number;
}

/** Copies our seeded rows into the incumbent's schema (one session, its FTS kept by its triggers). */
function copyIntoIncumbent(home: TestHome, dbFile: string): number {
  const rows = withDatabase(home, (db) =>
    db
      .prepare(
        `SELECT type, title, subtitle, narrative, facts, concepts, files_read, created_at
         FROM observations ORDER BY id`,
      )
      .all(),
  ) as Row[];
  const db = new Database(dbFile);
  const now = Date.now();
  db.transaction(() => {
    db.prepare(
      `INSERT OR IGNORE INTO sdk_sessions (content_session_id, memory_session_id, project,
         started_at, started_at_epoch, status) VALUES ('bench', 'bench', 'bench', ?, ?, 'completed')`,
    ).run(new Date(now).toISOString(), now);
    const insert = db.prepare(
      `INSERT INTO observations (memory_session_id, project, type, title, subtitle, narrative,
         facts, concepts, files_read, files_modified, prompt_number, created_at, created_at_epoch)
       VALUES ('bench', 'bench', ?, ?, ?, ?, ?, ?, ?, '[]', 1, ?, ?)`,
    );
    for (const r of rows) {
      insert.run(
        r.type,
        r.title,
        r.subtitle,
        r.narrative,
        r.facts,
        r.concepts,
        r.files_read,
        new Date(r.created_at).toISOString(),
        r.created_at,
      );
    }
  })();
  db.close();
  return rows.length;
}

/**
 * The same bare server in a process of its own: a request to a worker crosses processes (the
 * sleeping one woken, its caches cold), which the in-process bare server never pays, so this is
 * the same-work floor for a worker's answer.
 */
async function bareApart(): Promise<{ child: ChildProcess; port: number }> {
  const code = `require('node:http').createServer((_q, r) => r.end('{"items":[]}'))
    .listen(0, '127.0.0.1', function () { process.stdout.write(String(this.address().port) + '\\n'); });`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((done, fail) => {
    child.stdout!.once('data', (chunk: Buffer) => done(Number(String(chunk).trim())));
    child.once('exit', (code) => fail(new Error(`the own-process bare server exited (${code})`)));
  });
  return { child, port };
}

/** 1-3 words per query drawn like the corpus. */
function queries(draw: () => string): string[] {
  const next = random(7);
  return Array.from({ length: QUERIES + WARM_UP }, () =>
    Array.from({ length: 1 + Math.floor(next() * 3) }, draw).join(' '),
  );
}

/** The incumbent's worker on the seeded rows, or undefined (said why) without it or Bun. */
async function incumbentOn(
  home: TestHome,
): Promise<{ child: ChildProcess; port: number } | undefined> {
  const script = incumbentScript(args.get('incumbent') ?? process.env.BENCH_INCUMBENT);
  const bun = script ? findBun() : '';
  if (!script || !bun) {
    console.log(
      script
        ? 'vs-incumbent: no incumbent (no bun: give --bun PATH or BENCH_BUN, or put bun on PATH)'
        : 'vs-incumbent: no incumbent (no --incumbent DIR with plugin/scripts/worker-service.cjs; e.g. `npm pack claude-mem@13.15.3` and untar it)',
    );
    return undefined;
  }
  const incDir = join(home.dataDir, '..', 'incumbent');
  mkdirSync(join(incDir, 'home'), { recursive: true });
  const port = await freePort();
  await stopIncumbent(await startIncumbent(bun, script, incDir, port));
  const copied = copyIntoIncumbent(home, join(incDir, 'claude-mem.db'));
  console.log(
    `incumbent: bun ${spawnSync(bun, ['--version'], { encoding: 'utf8' }).stdout.trim()}`,
  );
  console.log(`incumbent: ${copied} rows copied into its store`);
  return { child: await startIncumbent(bun, script, incDir, port), port };
}

/** CPU ms a process has used (user + system, /proc on Linux), or NaN where it cannot be read. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times. */
const CLOCK_TICKS = 100;

/** A worker is settled once it uses less than this share of a core over SETTLE_MS. */
const SETTLE_SHARE = 0.05;
const SETTLE_MS = 500;

/**
 * Waits (at most 60 s) until every worker has finished its start-up work (our read-ahead of the
 * common terms, the incumbent's own), so each is timed as the agent meets it: a worker that has
 * been up a while. Our worker starts last, right before the queries; unsettled, its first ~60
 * timed searches waited for steps of its read-ahead that the incumbent had long finished.
 * Returns how long it waited, in seconds.
 */
async function settle(pids: Array<number | undefined>): Promise<number> {
  const started = Date.now();
  const known = pids.filter((pid): pid is number => pid !== undefined);
  let before = known.map(cpuMs);
  while (Date.now() - started < 60_000) {
    await sleep(SETTLE_MS);
    const now = known.map(cpuMs);
    const busy = now.some((ms, i) => !(ms - before[i]! < SETTLE_MS * SETTLE_SHARE));
    before = now;
    if (!busy) break;
  }
  return (Date.now() - started) / 1000;
}

/** Our worker from the bundle `cli` on a copy of `home`'s database, healthy; or undefined. */
async function baselineOn(
  home: TestHome,
  cli: string | undefined,
): Promise<(TestHome & { pid: number | undefined }) | undefined> {
  if (!cli) return undefined;
  const copy = await createTestHome({ CLAUDE_MEM_PROJECT: 'bench' });
  mkdirSync(copy.dataDir, { recursive: true, mode: 0o700 });
  copyFileSync(join(home.dataDir, 'claude-mem.db'), join(copy.dataDir, 'claude-mem.db'));
  // An older build refuses a schema newer than it knows: the copy forgets the migrations the
  // bundle does not list (their tables and triggers stay; the older worker never reads them).
  const newest = Math.max(
    0,
    ...[...readFileSync(cli, 'utf8').matchAll(/version: (\d+), name: "/g)].map((m) => Number(m[1])),
  );
  const db = new Database(join(copy.dataDir, 'claude-mem.db'));
  if (newest > 0) db.prepare('DELETE FROM schema_migrations WHERE version > ?').run(newest);
  db.close();
  const child = spawn(process.execPath, [cli, 'worker', 'run'], { env: copy.env, stdio: 'ignore' });
  await waitForHealth(copy);
  return { ...copy, pid: child.pid };
}

type Server = 'ours' | 'baseline' | 'incumbent' | 'apart' | 'bare';

async function main(): Promise<void> {
  const home = await createTestHome({ CLAUDE_MEM_PROJECT: 'bench' });
  const { draw } = withDatabase(home, (db) => seedSynthetic(db, SIZE, Date.now()));
  const incumbent = await incumbentOn(home);
  const baseline = await baselineOn(home, args.get('baseline'));
  const worker = await startWorker(home);
  const bare = createServer((_req, res) => res.end('{"items":[]}'));
  await new Promise<void>((done) => bare.listen(0, '127.0.0.1', done));
  const barePort = (bare.address() as AddressInfo).port;
  const apart = await bareApart();
  const settled = args.has('no-settle')
    ? 0
    : await settle([worker.pid, baseline?.pid, incumbent?.child.pid]);
  console.log(
    args.has('no-settle')
      ? 'workers not settled (--no-settle): ours is timed from its start'
      : `workers settled (under ${SETTLE_SHARE * 100}% of a core over ${SETTLE_MS} ms) after ${fixed(settled, 1)} s`,
  );
  const ourSearch = (h: TestHome, text: string) =>
    timedGet(`http://127.0.0.1:${h.port}/api/search?project=bench&limit=20&q=${text}`, {
      authorization: `Bearer ${tokenOf(h)}`,
    });
  const times: Record<Server, number[]> = {
    ours: [],
    baseline: [],
    incumbent: [],
    apart: [],
    bare: [],
  };
  // Per timed round, whether the server answered with hits: the same-work line compares rounds
  // in which both workers ranked and returned a page.
  const found: Record<Server, boolean[]> = {
    ours: [],
    baseline: [],
    incumbent: [],
    apart: [],
    bare: [],
  };
  const cpu = { start: [Number.NaN, Number.NaN], end: [Number.NaN, Number.NaN] };
  try {
    for (const [i, q] of queries(draw).entries()) {
      if (i === WARM_UP) cpu.start = [cpuMs(worker.pid), cpuMs(baseline?.pid)];
      const text = encodeURIComponent(q);
      const asks: Array<[Server, () => ReturnType<typeof timedGet>]> = [
        ['ours', () => ourSearch(home, text)],
      ];
      if (baseline) asks.push(['baseline', () => ourSearch(baseline, text)]);
      if (incumbent) {
        const url = `http://127.0.0.1:${incumbent.port}/api/search?project=bench&limit=20&query=${text}`;
        asks.push(['incumbent', () => timedGet(url)]);
      }
      asks.push(['apart', () => timedGet(`http://127.0.0.1:${apart.port}/?q=${text}`)]);
      asks.push(['bare', () => timedGet(`http://127.0.0.1:${barePort}/?q=${text}`)]);
      // Each round begins with the next server: the one asked right after another answered
      // finds the machine in a different state (two builds of the same worker, asked first and
      // second in every round, differed by up to 12% p50).
      const answers: Array<[Server, Awaited<ReturnType<typeof timedGet>>]> = [];
      for (let k = 0; k < asks.length; k += 1) {
        const [server, ask] = asks[(i + k) % asks.length]!;
        answers.push([server, await ask()]);
      }
      const failed = answers.filter(([, answer]) => !answer.ok);
      if (failed.length > 0)
        throw new Error(`a search failed: ${failed.map(([, a]) => a.body).join(' | ')}`);
      if (i < WARM_UP) continue;
      for (const [server, answer] of answers) {
        times[server].push(answer.ms);
        if (server === 'bare' || server === 'apart') continue;
        found[server].push(
          server === 'incumbent'
            ? !answer.body.includes('No results found')
            : (JSON.parse(answer.body) as { items: unknown[] }).items.length > 0,
        );
      }
    }
    cpu.end = [cpuMs(worker.pid), cpuMs(baseline?.pid)];
  } finally {
    bare.close();
    apart.child.kill();
    await stopWorker(home);
    if (baseline) await stopWorker(baseline);
    if (incumbent) await stopIncumbent(incumbent.child);
    baseline?.cleanup();
    home.cleanup();
  }
  report(times, found);
  // CPU per search barely feels the machine's load, which a shared machine's wall times do.
  const [ours, base] = cpu.end.map((end, i) => fixed((end - cpu.start[i]!) / QUERIES, 2));
  console.log(`worker CPU per search: ours ${ours} ms${baseline ? `, --baseline ${base} ms` : ''}`);
}

/** The table: each server's p50 and p95, and its p50 against bare http and the incumbent. */
function report(times: Record<Server, number[]>, found: Record<Server, boolean[]>): void {
  const b = summarize(times.bare);
  const a = summarize(times.apart);
  const n = times.incumbent.length > 0 ? summarize(times.incumbent) : undefined;
  console.log(
    `search over HTTP, ${SIZE} observations in each store, ${QUERIES} queries (after ${WARM_UP} untimed), one request of each in turn, each round beginning with the next server; node ${process.version}\n`,
  );
  const names: Record<Server, string> = {
    bare: 'bare node http',
    apart: 'bare node http, own process',
    ours: 'claude-mem (ours)',
    baseline: 'claude-mem (--baseline)',
    incumbent: 'incumbent',
  };
  const rows = (['bare', 'apart', 'ours', 'baseline', 'incumbent'] as const)
    .filter((server) => times[server].length > 0)
    .map((server) => {
      const s = summarize(times[server]);
      return [
        names[server],
        fixed(s.p50, 2),
        fixed(s.p95, 2),
        `${fixed(s.p50 / b.p50, 2)}x`,
        `${fixed(s.p50 / a.p50, 2)}x`,
        n ? `${fixed(s.p50 / n.p50, 2)}x` : '',
        server === 'bare' || server === 'apart' ? '' : String(found[server].filter(Boolean).length),
      ];
    });
  printTable(
    [
      'server',
      'p50 ms',
      'p95 ms',
      'p50 / bare http',
      'p50 / own-process bare',
      'p50 / incumbent',
      'queries with hits',
    ],
    rows,
  );
  if (n) sameWork(times, found);
  console.log(
    '\ntargets: ours p50 <= 0.5x the incumbent and <= 3x bare http (the issue does not say which bare)',
  );
}

/**
 * The same work on both sides: the rounds in which ours and the incumbent both answered with
 * hits. The incumbent matches a query as one quoted phrase, so most queries of two or three
 * drawn terms find nothing there and are answered "No results found" with nothing ranked, while
 * ours ranks and returns a page for every query: over all rounds, the incumbent's p50 mixes two
 * kinds of work.
 */
function sameWork(times: Record<Server, number[]>, found: Record<Server, boolean[]>): void {
  const rounds = times.ours.flatMap((_, i) => (found.ours[i] && found.incumbent[i] ? [i] : []));
  if (rounds.length === 0) return;
  const p50 = (server: Server) => summarize(rounds.map((i) => times[server][i]!)).p50;
  const ours = p50('ours');
  const incumbent = p50('incumbent');
  const empty = times.incumbent.filter((_, i) => !found.incumbent[i]);
  console.log(
    `\nsame work (the ${rounds.length} rounds in which both answered with hits): ours p50 ${fixed(ours, 2)} ms, incumbent ${fixed(incumbent, 2)} ms: ours / incumbent ${fixed(ours / incumbent, 2)}x, ours / bare http ${fixed(ours / p50('bare'), 2)}x, ours / own-process bare ${fixed(ours / p50('apart'), 2)}x`,
  );
  if (empty.length > 0) {
    console.log(
      `the incumbent's ${empty.length} rounds without hits (nothing ranked): p50 ${fixed(summarize(empty).p50, 2)} ms`,
    );
  }
}

await main();
