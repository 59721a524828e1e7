// Search over HTTP side by side with the incumbent (claude-mem 13.x, npm package or checkout):
// the same 10,000 synthetic observations in both stores, the same queries, one request of each
// worker and one of a bare node http server in turn, so the three see the same machine load.
// The incumbent's worker runs under Bun (it needs `bun:sqlite`); its rows are written straight
// into its own SQLite file between a first start (which creates the schema) and a second.
// Skips with a line and exit code 0 when no incumbent or no Bun is given: a user without them
// still runs every other bench.
// Usage: node --import tsx bench/vs-incumbent.ts --incumbent DIR [--bun PATH] [--size 10000]
//          [--queries 200]
//   DIR (or BENCH_INCUMBENT): the unpacked npm package (`npm pack claude-mem@13.15.3`) or a checkout with
//   plugin/scripts/worker-service.cjs built. PATH: a bun binary (default: BENCH_BUN, then `bun`
//   on PATH; the npm package @oven/bun-linux-x64 ships one).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createTestHome, freePort, type TestHome } from '../test/helpers/env.ts';
import { withDatabase } from '../test/helpers/recall-home.ts';
import { startWorker, stopWorker, tokenOf } from '../test/helpers/worker.ts';
import { flags } from './lib/recall-stack.ts';
import { fixed, msSince, printTable, summarize } from './lib/stats.ts';
import { random, seedSynthetic } from './lib/synthetic.ts';

const args = flags();
const SIZE = Number(args.get('size') ?? 10_000);
const QUERIES = Number(args.get('queries') ?? 200);
const WARM_UP = 20;
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

/** 1-3 words per query drawn like the corpus. */
function queries(draw: () => string): string[] {
  const next = random(7);
  return Array.from({ length: QUERIES + WARM_UP }, () =>
    Array.from({ length: 1 + Math.floor(next() * 3) }, draw).join(' '),
  );
}

async function main(): Promise<void> {
  const script = incumbentScript(args.get('incumbent') ?? process.env.BENCH_INCUMBENT);
  if (!script) {
    console.log(
      'vs-incumbent: skipped (no --incumbent DIR with plugin/scripts/worker-service.cjs given; e.g. `npm pack claude-mem@13.15.3` and untar it)',
    );
    return;
  }
  const bun = findBun();
  if (!bun) {
    console.log('vs-incumbent: skipped (no bun: give --bun PATH or BENCH_BUN, or put bun on PATH)');
    return;
  }
  const home = await createTestHome({ CLAUDE_MEM_PROJECT: 'bench' });
  const { draw } = withDatabase(home, (db) => seedSynthetic(db, SIZE, Date.now()));
  const incDir = join(home.dataDir, '..', 'incumbent');
  mkdirSync(join(incDir, 'home'), { recursive: true });
  const incPort = await freePort();
  await stopIncumbent(await startIncumbent(bun, script, incDir, incPort));
  const copied = copyIntoIncumbent(home, join(incDir, 'claude-mem.db'));
  const incumbent = await startIncumbent(bun, script, incDir, incPort);
  await startWorker(home);
  const bare = createServer((_req, res) => res.end('{"items":[]}'));
  await new Promise<void>((done) => bare.listen(0, '127.0.0.1', done));
  const barePort = (bare.address() as AddressInfo).port;
  const auth = { authorization: `Bearer ${tokenOf(home)}` };

  const times = { ours: [] as number[], incumbent: [] as number[], bare: [] as number[] };
  let oursHits = 0;
  let incHits = 0;
  try {
    const list = queries(draw);
    for (const [i, q] of list.entries()) {
      const text = encodeURIComponent(q);
      const ours = await timedGet(
        `http://127.0.0.1:${home.port}/api/search?project=bench&limit=20&q=${text}`,
        auth,
      );
      const inc = await timedGet(
        `http://127.0.0.1:${incPort}/api/search?project=bench&limit=20&query=${text}`,
      );
      const floor = await timedGet(`http://127.0.0.1:${barePort}/?q=${text}`);
      if (!ours.ok || !inc.ok) throw new Error(`a search failed: ${ours.body} | ${inc.body}`);
      if (i < WARM_UP) continue;
      times.ours.push(ours.ms);
      times.incumbent.push(inc.ms);
      times.bare.push(floor.ms);
      if ((JSON.parse(ours.body) as { items: unknown[] }).items.length > 0) oursHits += 1;
      if (!inc.body.includes('No results found')) incHits += 1;
    }
  } finally {
    bare.close();
    await stopWorker(home);
    await stopIncumbent(incumbent);
    home.cleanup();
  }
  const o = summarize(times.ours);
  const n = summarize(times.incumbent);
  const b = summarize(times.bare);
  console.log(
    `search over HTTP, ${copied} observations in each store, ${QUERIES} queries (after ${WARM_UP} untimed), one request of each in turn; node ${process.version}, bun ${spawnSync(bun, ['--version'], { encoding: 'utf8' }).stdout.trim()}\n`,
  );
  printTable(
    ['server', 'p50 ms', 'p95 ms', 'p50 / bare http', 'p50 / incumbent', 'queries with hits'],
    [
      ['bare node http', fixed(b.p50, 2), fixed(b.p95, 2), '1.00x', '', ''],
      [
        'claude-mem (ours)',
        fixed(o.p50, 2),
        fixed(o.p95, 2),
        `${fixed(o.p50 / b.p50, 2)}x`,
        `${fixed(o.p50 / n.p50, 2)}x`,
        String(oursHits),
      ],
      [
        'incumbent',
        fixed(n.p50, 2),
        fixed(n.p95, 2),
        `${fixed(n.p50 / b.p50, 2)}x`,
        '1.00x',
        String(incHits),
      ],
    ],
  );
  console.log('\ntargets: ours p50 <= 0.5x the incumbent and <= 3x bare http');
}

await main();
