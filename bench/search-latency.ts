// Latency of recall: search (fts and hybrid) at 1k, 10k and 100k observations, building the
// SessionStart context, and the SessionStart hook's wall time against bare `node -e ""`.
// Synthetic observations with Zipf-distributed words (bench/lib/synthetic.ts). Vectors: the
// hash embedder at 512 dimensions (the local model's size, so the KNN costs the same; embedding
// 100k observations with the model would take hours); the local model's query-embedding time
// is measured apart and adds to hybrid when a query is not in the cache.
// Usage: node --import tsx bench/search-latency.ts [--sizes 1000,10000,100000] [--queries 200]
//          [--hook-runs 20]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildContext } from '../src/context/index.ts';
import { createLocalEmbedder, type SearchMode } from '../src/search/index.ts';
import { createTestHome, HOOK_BUNDLE } from '../test/helpers/env.ts';
import { withDatabase } from '../test/helpers/recall-home.ts';
import { startWorker, stopWorker } from '../test/helpers/worker.ts';
import { createRecallStack, flags, type RecallStack } from './lib/recall-stack.ts';
import { fixed, msSince, printTable, summarize, type Summary } from './lib/stats.ts';
import { random, seedSynthetic } from './lib/synthetic.ts';

const args = flags();
const SIZES = (args.get('sizes') ?? '1000,10000,100000').split(',').map(Number);
const QUERIES = Number(args.get('queries') ?? 200);
const HOOK_RUNS = Number(args.get('hook-runs') ?? 20);
const NOW = Date.now();

const row = (label: string, s: Summary, extra = ''): string[] => [
  label,
  fixed(s.p50, 2),
  fixed(s.p95, 2),
  fixed(s.mean, 2),
  extra,
];

/** 1-3 words per query, drawn like the corpus (Zipf: many common words, some rare ones). */
function queries(draw: () => string, count: number): string[] {
  const next = random(99);
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(next() * 3) }, draw).join(' '),
  );
}

async function timeSearches(
  stack: RecallStack,
  list: readonly string[],
  mode: SearchMode,
): Promise<Summary> {
  const samples: number[] = [];
  for (const query of list) {
    const start = process.hrtime.bigint();
    await stack.searcher.search({
      query,
      filters: { project: 'bench' },
      limit: 20,
      offset: 0,
      mode,
    });
    samples.push(msSince(start));
  }
  return summarize(samples);
}

function timeContext(stack: RecallStack): Summary {
  const samples = Array.from({ length: 50 }, () => {
    const start = process.hrtime.bigint();
    buildContext(
      stack.db,
      { project: 'bench', source: 'startup', now: NOW },
      { maxTokens: 1500, maxObservations: 60 },
    );
    return msSince(start);
  });
  return summarize(samples);
}

/** One corpus size: seed, embed (512-d hash vectors), then time fts, hybrid and the context. */
async function atSize(size: number): Promise<string[][]> {
  const stack = createRecallStack('hash', { batchSize: 512, dimensions: 512 });
  let started = performance.now();
  const { draw } = seedSynthetic(stack.db, size, NOW);
  const seeded = performance.now() - started;
  started = performance.now();
  await stack.embedAll();
  const embedded = performance.now() - started;
  const list = queries(draw, QUERIES);
  await timeSearches(stack, list.slice(0, 20), 'hybrid');
  const fts = await timeSearches(stack, list, 'fts');
  const hybrid = await timeSearches(stack, list, 'hybrid');
  const context = timeContext(stack);
  stack.close();
  return [
    row(`fts, ${size} obs`, fts, `seeded in ${fixed(seeded / 1000)} s`),
    row(`hybrid, ${size} obs`, hybrid, `vectors stored in ${fixed(embedded / 1000)} s`),
    row(`context, ${size} obs`, context),
  ];
}

/** The local model's time to embed one query (what hybrid adds for a query not cached). */
async function queryEmbedding(): Promise<string[]> {
  const embedder = createLocalEmbedder();
  const started = performance.now();
  await embedder.embed(['warm up']);
  const load = performance.now() - started;
  const list = queries(
    () => 'spool worker migration parser'.split(' ')[Math.floor(Math.random() * 4)]!,
    50,
  );
  const samples: number[] = [];
  for (const [i, query] of list.entries()) {
    const start = process.hrtime.bigint();
    await embedder.embed([`${query} ${i}`]);
    samples.push(msSince(start));
  }
  return row(
    'local model: embed one query',
    summarize(samples.slice(5)),
    `model load ${fixed(load)} ms, rss ${fixed(process.memoryUsage().rss / 1e6, 0)} MB`,
  );
}

function timeNode(
  argv: string[],
  stdin: string,
  env: NodeJS.ProcessEnv,
): Promise<{ ms: number; out: string }> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, argv, { env, stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve({ ms: msSince(start), out }));
    child.stdin.end(stdin);
  });
}

/** SessionStart hook (worker running, 10k observations) against bare node, interleaved. */
async function hookWallTime(): Promise<string[][]> {
  if (!existsSync(HOOK_BUNDLE)) throw new Error(`${HOOK_BUNDLE} is missing: run npm run build`);
  const home = await createTestHome({
    CLAUDE_MEM_SEARCH_EMBEDDER: 'off',
    CLAUDE_MEM_PROJECT: 'bench',
  });
  withDatabase(home, (db) => seedSynthetic(db, 10_000, NOW));
  await startWorker(home);
  const bare: number[] = [];
  const hook: number[] = [];
  let withContext = 0;
  for (let i = 0; i < HOOK_RUNS + 3; i += 1) {
    const payload = JSON.stringify({
      session_id: `bench-${i}`,
      transcript_path: '',
      cwd: process.cwd(),
      hook_event_name: 'SessionStart',
      source: 'startup',
    });
    const a = await timeNode(['-e', ''], '', home.env);
    const b = await timeNode([HOOK_BUNDLE, 'SessionStart'], payload, home.env);
    if (b.out.includes('claude-mem-context')) withContext += 1;
    if (i >= 3) {
      bare.push(a.ms);
      hook.push(b.ms);
    }
  }
  await stopWorker(home);
  home.cleanup();
  const base = summarize(bare);
  const run = summarize(hook);
  return [
    row('node -e ""', base),
    row(
      'SessionStart hook (10k obs)',
      run,
      `p50 ${fixed(run.p50 / base.p50, 2)}x, p95 ${fixed(run.p95 / base.p95, 2)}x bare; ${withContext}/${HOOK_RUNS + 3} with context`,
    ),
  ];
}

const rows: string[][] = [];
for (const size of SIZES) rows.push(...(await atSize(size)));
rows.push(await queryEmbedding());
if (HOOK_RUNS > 0) rows.push(...(await hookWallTime()));
console.log(
  `search latency: ${QUERIES} queries per size, node ${process.version}, ${process.platform}/${process.arch}\n`,
);
printTable(['what', 'p50 ms', 'p95 ms', 'mean ms', 'notes'], rows);
console.log(
  '\ntargets at 100k: fts p95 <= 10 ms, hybrid p95 <= 30 ms; SessionStart hook p95 <= 2x bare node',
);
