// Worker memory (VmRSS, and the peak VmHWM) against bare node, in the same run:
//   - idle: a fresh data folder, 3 s after /health first answered;
//   - after N observations (default 100k, synthetic, bench/lib/synthetic.ts) in the database,
//     then 200 searches and 50 SessionStart contexts through its HTTP API.
// The embedder is off (embedding 100k observations with the local model would take hours; the
// model itself adds ~280 MB once loaded: see bench/search-latency.ts, "local model" row).
// `--vectors N` adds a run with N observations that the worker embeds with the hash embedder
// into the vector index (sqlite-vec) first: about 2 s per 1,000 here, so off by default.
//   - during a bulk import of `--import N` observations (default 100k) through `claude-mem
//     import` (JSONL, 1,000 records a request): the peak, and the import rate;
// and against an idle bare node:http server, the lightest process that answers HTTP.
// Usage: node --import tsx bench/worker-rss.ts [--observations 100000] [--queries 200]
//          [--vectors 10000] [--import 100000]
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { workerRequest } from '../src/client/index.ts';
import { cli } from '../test/helpers/cli.ts';
import { CLI_BUNDLE, createTestHome, type TestHome } from '../test/helpers/env.ts';
import { withDatabase } from '../test/helpers/recall-home.ts';
import { startWorker, stopWorker, tokenOf } from '../test/helpers/worker.ts';
import { wordSource } from './lib/bulk-seed.ts';
import { flags } from './lib/recall-stack.ts';
import { fixed, printTable } from './lib/stats.ts';
import { random, seedSynthetic } from './lib/synthetic.ts';

const args = flags();
const OBSERVATIONS = Number(args.get('observations') ?? 100_000);
const QUERIES = Number(args.get('queries') ?? 200);
const VECTORS = Number(args.get('vectors') ?? 0);
const IMPORT = Number(args.get('import') ?? 100_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Memory {
  rssMb: number;
  peakMb: number;
}

function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** A bare node process idling (an interval keeps it alive): the baseline. */
async function bareNode(): Promise<Memory> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await sleep(3000);
  const memory = memoryOf(child.pid ?? 0);
  child.kill('SIGKILL');
  return memory;
}

/** A bare node:http server idling after one request: the HTTP baseline. */
async function bareHttpServer(): Promise<Memory> {
  const script =
    "const s = require('node:http').createServer((q, r) => r.end('ok')); s.listen(0, '127.0.0.1', () => fetch('http://127.0.0.1:' + s.address().port).then((r) => r.text()));";
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  await sleep(3000);
  const memory = memoryOf(child.pid ?? 0);
  child.kill('SIGKILL');
  return memory;
}

/** A JSONL export of `count` synthetic observations (what `claude-mem export` writes). */
function exportFile(dir: string, count: number): string {
  const file = join(dir, 'bulk-export.jsonl');
  const words = wordSource(3);
  const lines = [
    JSON.stringify({ kind: 'header', format: 'claude-mem-export', version: 1 }),
    ...Array.from({ length: count }, (_, i) =>
      JSON.stringify({
        kind: 'observation',
        project: 'bench',
        type: 'change',
        title: words.phrase(8),
        subtitle: words.phrase(8),
        narrative: words.phrase(50),
        facts: [words.phrase(8)],
        concepts: [words.draw()],
        files_read: [],
        files_modified: [],
        source_event_uids: [],
        content_hash: `import-${i}`,
        created_at: 1_700_000_000_000 + i * 60_000,
        updated_at: 1_700_000_000_000 + i * 60_000,
      }),
    ),
  ];
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** The worker's peak RSS over a bulk import through the CLI, and the import's rate. */
async function bulkImport(count: number): Promise<Memory & { perSecond: number }> {
  const home = await createTestHome({ CLAUDE_MEM_SEARCH_EMBEDDER: 'off' });
  await startWorker(home);
  const file = exportFile(home.dataDir, count);
  const started = performance.now();
  const run = await cli(['import', file], home.env);
  const seconds = (performance.now() - started) / 1000;
  if (run.code !== 0) throw new Error(`import failed: ${run.stderr}`);
  const memory = await workerMemory(home);
  await stopWorker(home);
  home.cleanup();
  return { ...memory, perSecond: count / seconds };
}

async function workerMemory(home: TestHome): Promise<Memory> {
  const info = JSON.parse(readFileSync(`${home.dataDir}/worker.pid`, 'utf8')) as { pid: number };
  return memoryOf(info.pid);
}

async function idle(): Promise<Memory> {
  const home = await createTestHome({ CLAUDE_MEM_SEARCH_EMBEDDER: 'off' });
  await startWorker(home);
  await sleep(3000);
  const memory = await workerMemory(home);
  await stopWorker(home);
  home.cleanup();
  return memory;
}

/** Searches and context calls through the worker's HTTP API, like a session would make. */
async function exercise(home: TestHome, draw: () => string): Promise<void> {
  const next = random(7);
  for (let i = 0; i < QUERIES; i += 1) {
    const q = Array.from({ length: 1 + Math.floor(next() * 3) }, draw).join(' ');
    await workerRequest(home.port, `/api/search?project=bench&q=${encodeURIComponent(q)}`, {
      token: tokenOf(home),
      timeoutMs: 30_000,
    });
  }
  for (let i = 0; i < 50; i += 1) {
    await workerRequest(home.port, '/api/context?project=bench&source=startup', {
      token: tokenOf(home),
      timeoutMs: 30_000,
    });
  }
}

async function waitForEmbeddings(home: TestHome): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await workerRequest(home.port, '/api/recall/status', {
      token: tokenOf(home),
      timeoutMs: 30_000,
    });
    const body = res.body as { embedding?: { embedded?: number; total?: number } } & {
      embedded?: number;
      total?: number;
    };
    const status = body.embedding ?? body;
    if ((status.embedded ?? 0) >= (status.total ?? 1)) return Date.now() - started;
    await sleep(500);
  }
}

async function loaded(
  embedder: 'off' | 'hash',
  count: number,
): Promise<Memory & { seconds: number }> {
  const home = await createTestHome({
    CLAUDE_MEM_SEARCH_EMBEDDER: embedder,
    CLAUDE_MEM_PROJECT: 'bench',
  });
  const { draw } = withDatabase(home, (db) => seedSynthetic(db, count, Date.now()));
  await startWorker(home);
  const ms = embedder === 'hash' ? await waitForEmbeddings(home) : 0;
  await exercise(home, draw);
  await sleep(1000);
  const memory = await workerMemory(home);
  await stopWorker(home);
  home.cleanup();
  return { ...memory, seconds: ms / 1000 };
}

async function main(): Promise<void> {
  if (!existsSync(CLI_BUNDLE)) throw new Error(`${CLI_BUNDLE} is missing: run npm run build`);
  const bare = await bareNode();
  const http = await bareHttpServer();
  const idleWorker = await idle();
  const imported = IMPORT > 0 ? await bulkImport(IMPORT) : undefined;
  const off = await loaded('off', OBSERVATIONS);
  const hash = VECTORS > 0 ? await loaded('hash', VECTORS) : undefined;
  console.log(`worker memory (VmRSS; peak = VmHWM), node ${process.version}\n`);
  const row = (label: string, m: Memory, note = ''): string[] => [
    label,
    fixed(m.rssMb, 0),
    fixed(m.peakMb, 0),
    `${fixed(m.rssMb / bare.rssMb, 2)}x`,
    note,
  ];
  const n = (count: number) => count.toLocaleString('en-US');
  const rows = [
    row('baseline: bare node, idle', bare),
    row('baseline: bare node:http server, idle', http),
    row('worker, idle (fresh data folder)', idleWorker),
    row(
      `worker, ${n(OBSERVATIONS)} observations, after ${QUERIES} searches + 50 contexts (embedder off)`,
      off,
    ),
  ];
  if (imported) {
    rows.push(
      row(
        `worker, bulk import of ${n(IMPORT)} observations (claude-mem import, JSONL)`,
        imported,
        `${fixed(imported.perSecond, 0)} obs/s end to end; peak ${fixed(imported.peakMb / http.rssMb, 2)}x bare http server`,
      ),
    );
  }
  rows.push(
    row(
      `worker after the searches, against the bare http server`,
      off,
      `${fixed(off.rssMb / http.rssMb, 2)}x bare http server (target <= 2x)`,
    ),
  );
  if (hash) {
    rows.push(
      row(
        `worker, ${n(VECTORS)} observations + their vectors (hash embedder), same calls`,
        hash,
        `embedded all in ${fixed(hash.seconds, 1)} s`,
      ),
    );
  }
  printTable(['process', 'RSS MB', 'peak MB', 'RSS / bare node', 'notes'], rows);
  console.log('\nthe local embedding model adds ~280 MB when loaded (bench/search-latency.ts)');
}

await main();
