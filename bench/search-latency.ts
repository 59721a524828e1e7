// Latency of recall at scale (100k and 1M observations by default): fts and hybrid search, and
// building the SessionStart context, each timed interleaved with its baselines over the same
// rows. The same-work baseline replays bare the statements the search or the build ran
// (bench/lib/statement-trace.ts: the same window, the same exact ranking). The older baselines
// stay as floors: a bare FTS5 MATCH ... ORDER BY rank LIMIT 20 with the same project filter
// (every match ranked: not the same work) and a bare indexed SELECT of the rows the context
// shows. Also the p95 growth from the smaller size to the larger, the bulk insert rate of
// seeding against plain INSERTs, and the SessionStart hook against bare `node -e ""`. Corpus:
// bench/lib/bulk-seed.ts (Zipf words, half the rows in the searched project, the rest over 19
// others). Vectors: clustered random 512-d vectors (the local model's size, so the KNN costs
// the same) stored through the vector index; the query's embedding is timed apart and excluded
// from hybrid.
// Usage: node --import tsx bench/search-latency.ts [--sizes 100000,1000000] [--queries 200]
//          [--hook-runs 20]      (CLAUDE_MEM_BENCH_SIZES=2000,20000 for a quick run)
//        The SessionStart hook alone at 1M, five rounds, the database seeded once and kept:
//        node --import tsx bench/search-latency.ts --sizes none --hook-size 1000000
//          --hook-rounds 5 --hook-data /tmp/claude-mem-bench-1m
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildContext } from '../src/context/index.ts';
import { buildFtsQuery, createLocalEmbedder, type SearchFilters } from '../src/search/index.ts';
import type { SearchMode } from '../src/domain/index.ts';
import { refreshHorizon, stmt, type Db } from '../src/store/index.ts';
import { insertObservations } from '../test/helpers/bulk-insert.ts';
import { createTestHome, HOOK_BUNDLE, type TestHome } from '../test/helpers/env.ts';
import { withDatabase } from '../test/helpers/recall-home.ts';
import { startWorker, stopWorker } from '../test/helpers/worker.ts';
import { createRecallStack, flags, type RecallStack } from './lib/recall-stack.ts';
import { EVERY, replayer, tracedDb, type Traced } from './lib/statement-trace.ts';
import { fixed, msSince, printTable, summarize, type Summary } from './lib/stats.ts';
import { seedBulk, wordSource } from './lib/bulk-seed.ts';
import { seedVectors } from './lib/bulk-vectors.ts';
import { random, seedSynthetic } from './lib/synthetic.ts';

const args = flags();
const SIZES = (args.get('sizes') ?? process.env.CLAUDE_MEM_BENCH_SIZES ?? '100000,1000000')
  .split(',')
  .map(Number)
  .filter((size) => size > 0);
const QUERIES = Number(args.get('queries') ?? 200);
const HOOK_RUNS = Number(args.get('hook-runs') ?? 20);
/** Observations in the SessionStart hook's memory (10k: the synthetic corpus; more: bulk). */
const HOOK_SIZE = Number(args.get('hook-size') ?? 10_000);
/** Rounds of HOOK_RUNS hook runs, each with a freshly started worker. */
const HOOK_ROUNDS = Number(args.get('hook-rounds') ?? 1);
/** A data folder kept between runs: seeded on the first, reused after (seeding 1M is slow). */
const HOOK_DATA = args.get('hook-data');
const NOW = Date.now();
const BENCH_START = performance.now();
/** Rows the context build reads (it shows up to half of them). */
const CONTEXT_ROWS = 120;
/**
 * Context builds timed per size: each takes about half a millisecond, and a p95 wants samples
 * (with 500 it was the 25th-slowest build, and moved by 0.3x between runs of one commit).
 */
const CONTEXT_BUILDS = 1000;
/**
 * Untimed builds first, of ours and of both baselines: a running worker has compiled them, and
 * the first builds of a fresh process (interpreted code, statements being prepared) are not
 * what the target is about.
 */
const CONTEXT_WARM_UP = 100;

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

/** The same filters as our searches, on a bare FTS5 query: every match scored by rank. */
function bareFts(db: Db, match: string): unknown[] {
  return stmt(
    db,
    `SELECT o.id FROM observations_fts JOIN observations o ON o.id = observations_fts.rowid
     WHERE observations_fts MATCH ? AND o.project = 'bench' ORDER BY rank LIMIT 20`,
  ).all(match);
}

/** What a line of the index shows: id, time, type, title, pin, author, agent, details' size. */
const SHOWN = `id, type, title, pinned, created_at, author, agent, length(subtitle) + length(narrative)
  + length(facts) + length(concepts) + length(files_read) + length(files_modified) AS details`;

/**
 * The rows the context shows, read bare: the pinned ones (up to 20) and the newest, with what
 * their lines show. Until this run the baseline read the newest rows' first five columns only,
 * neither the pinned rows nor the author, agent and details' size the lines show; that
 * narrower read is kept as a second baseline.
 */
function bareContext(db: Db): unknown[] {
  return stmt(
    db,
    `SELECT * FROM (SELECT ${SHOWN} FROM observations WHERE project = 'bench' AND pinned = 1
       ORDER BY created_at DESC LIMIT 20)
     UNION ALL SELECT * FROM (SELECT ${SHOWN} FROM observations WHERE project = 'bench'
       ORDER BY created_at DESC LIMIT ${CONTEXT_ROWS})`,
  ).all();
}

/** The narrower baseline of earlier runs: the newest rows' first five columns. */
function bareNewest(db: Db): unknown[] {
  return stmt(
    db,
    `SELECT id, type, title, pinned, created_at FROM observations
     WHERE project = 'bench' ORDER BY created_at DESC LIMIT ${CONTEXT_ROWS}`,
  ).all();
}

/**
 * Times each of `runs` over `list`, item by item in turn, so all see the same machine load. A
 * run that returns a function for an item is a set-up: the function is what gets timed.
 */
async function interleaved<T, K extends string>(
  list: readonly T[],
  runs: Record<K, (item: T) => unknown>,
): Promise<Record<K, Summary>> {
  const samples = Object.fromEntries(Object.keys(runs).map((name) => [name, [] as number[]]));
  for (const item of list) {
    for (const [name, run] of Object.entries(runs) as Array<[K, (item: T) => unknown]>) {
      const start = process.hrtime.bigint();
      await run(item);
      samples[name]!.push(msSince(start));
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, list]) => [name, summarize(list)]),
  ) as Record<K, Summary>;
}

/**
 * Per query, the ranking statements `mode` runs for it (captured untimed) as one bare replay:
 * the same-work baseline (bench/lib/statement-trace.ts).
 */
async function sameWork(
  stack: RecallStack,
  list: readonly string[],
  mode: SearchMode,
  filters: SearchFilters = { project: 'bench' },
): Promise<Map<string, () => void>> {
  const replays = new Map<string, () => void>();
  for (const query of list) {
    const traced = await stack.trace({ query, filters, limit: 20, offset: 0, mode });
    replays.set(query, replayer(stack.db, traced));
  }
  return replays;
}

const buildBench = (db: Db) =>
  buildContext(
    db,
    { project: 'bench', source: 'startup', now: NOW },
    { maxTokens: 1500, maxObservations: CONTEXT_ROWS / 2 },
  );

/**
 * Context builds interleaved with the baselines, so all see the same machine load: the bare
 * SELECT of the rows shown, the narrower one of earlier runs, and the same work (every
 * statement one build ran, captured once and replayed bare: the index reads its pinned rows,
 * one's own newest and the newest, more than the rows it shows).
 */
function timeContext(db: Db): Record<'ours' | 'bare' | 'narrow' | 'same', Summary> {
  const samples = {
    ours: [] as number[],
    bare: [] as number[],
    narrow: [] as number[],
    same: [] as number[],
  };
  const traced: Traced[] = [];
  buildBench(tracedDb(db, () => traced, EVERY));
  const same = replayer(db, traced);
  const time = (into: number[], run: () => unknown) => {
    const start = process.hrtime.bigint();
    run();
    into.push(msSince(start));
  };
  for (let i = 0; i < CONTEXT_WARM_UP + CONTEXT_BUILDS; i += 1) {
    if (i === CONTEXT_WARM_UP) for (const list of Object.values(samples)) list.length = 0;
    time(samples.bare, () => bareContext(db));
    time(samples.narrow, () => bareNewest(db));
    time(samples.same, same);
    time(samples.ours, () => buildBench(db));
  }
  return {
    ours: summarize(samples.ours),
    bare: summarize(samples.bare),
    narrow: summarize(samples.narrow),
    same: summarize(samples.same),
  };
}

const search = (
  stack: RecallStack,
  query: string,
  mode: SearchMode,
  filters: SearchFilters = { project: 'bench' },
) => stack.searcher.search({ query, filters, limit: 20, offset: 0, mode });

/** A broad filter besides the project: a sixth of the corpus's rows are of each type. */
const BY_TYPE: SearchFilters = { project: 'bench', types: ['bugfix'] };

/** Per size: the p95s the growth check compares. */
const p95s = new Map<string, Map<number, number>>();
const keep = (what: string, size: number, s: Summary): Summary => {
  p95s.set(what, (p95s.get(what) ?? new Map<number, number>()).set(size, s.p95));
  return s;
};
const times = (a: number, b: number): string => `${fixed(a / b, 2)}x`;

/** One corpus size: bulk seed (against plain INSERTs), vectors, then fts, hybrid and context. */
async function atSize(size: number): Promise<{ latency: string[][]; bulk: string[][] }> {
  const stack = createRecallStack('hash', { batchSize: 512, dimensions: 512 });
  // The embedder loads on its first pass over a non-empty database: one row, embedded for real,
  // so the seeded rows of other projects (left without vectors) are never embedded here.
  insertObservations(stack.db, [
    { project: 'warm-up', type: 'change', title: 'warm up', contentHash: 'warm-up', createdAt: 0 },
  ]);
  await stack.embedAll();
  const seed = seedBulk(stack.db, size, NOW);
  const started = performance.now();
  const vectors = seedVectors(stack.db, stack.embedder!.id, 512, 'bench');
  const vectorsMs = performance.now() - started;
  // What the worker does at its next idle step after a bulk import (none below 200k rows).
  const horizonStarted = performance.now();
  const horizon = refreshHorizon(stack.db);
  const horizonMs = performance.now() - horizonStarted;
  const list = queries(wordSource(5).draw, QUERIES);
  for (const query of list.slice(0, 20)) await search(stack, query, 'hybrid');
  const sameFts = await sameWork(stack, list, 'fts');
  const fts = await interleaved(list, {
    bare: (q) => bareFts(stack.db, buildFtsQuery(q)!.all),
    same: (q) => sameFts.get(q)!(),
    ours: (q) => search(stack, q, 'fts'),
  });
  const embedSamples: number[] = [];
  const sameHybrid = await sameWork(stack, list, 'hybrid');
  const hybrid = await interleaved(list, {
    // Untimed for hybrid: the query's embedding, measured apart (its own row).
    embed: async (q) => {
      const start = process.hrtime.bigint();
      await stack.queryVector(q);
      embedSamples.push(msSince(start));
    },
    same: (q) => sameHybrid.get(q)!(),
    ours: (q) => search(stack, q, 'hybrid'),
  });
  // Filters besides the project rank vectors exactly over a window of rows (the query's
  // embedding, cached by now, costs nothing here).
  const sameFiltered = await sameWork(stack, list, 'hybrid', BY_TYPE);
  const filtered = await interleaved(list, {
    same: (q) => sameFiltered.get(q)!(),
    ours: (q) => search(stack, q, 'hybrid', BY_TYPE),
  });
  const context = timeContext(stack.db);
  stack.close();
  const n = `${size} obs`;
  const latency = [
    row(
      `fts, ${n}`,
      keep('fts', size, fts.ours),
      `p95 ${times(fts.ours.p95, fts.bare.p95)} bare FTS5`,
    ),
    row(`bare FTS5 MATCH ORDER BY rank LIMIT 20, ${n}`, fts.bare, 'same filters (project)'),
    row(
      `same work bare: the ranking statements fts ran, ${n}`,
      fts.same,
      `fts p50 ${times(fts.ours.p50, fts.same.p50)}, p95 ${times(fts.ours.p95, fts.same.p95)} this`,
    ),
    row(
      `hybrid, ${n}`,
      keep('hybrid', size, hybrid.ours),
      `p95 ${times(hybrid.ours.p95, fts.bare.p95)} bare FTS5; query embedding excluded`,
    ),
    row(
      `same work bare: the ranking statements hybrid ran, ${n}`,
      hybrid.same,
      `hybrid p50 ${times(hybrid.ours.p50, hybrid.same.p50)}, p95 ${times(hybrid.ours.p95, hybrid.same.p95)} this`,
    ),
    row(`hybrid, project and type filters, ${n}`, filtered.ours, 'a sixth of the rows'),
    row(
      `same work bare: the statements filtered hybrid ran, ${n}`,
      filtered.same,
      `filtered p50 ${times(filtered.ours.p50, filtered.same.p50)}, p95 ${times(filtered.ours.p95, filtered.same.p95)} this`,
    ),
    row(
      `hash embedder: embed one query, ${n}`,
      summarize(embedSamples),
      'added to hybrid when not cached',
    ),
    row(
      `context, ${n}`,
      keep('context', size, context.ours),
      `p95 ${times(context.ours.p95, context.bare.p95)} bare SELECT`,
    ),
    row(
      `bare indexed SELECT of the rows shown (20 pinned + ${CONTEXT_ROWS} newest), ${n}`,
      context.bare,
      'the columns the lines show',
    ),
    row(
      `narrower: newest ${CONTEXT_ROWS}, five columns, ${n}`,
      context.narrow,
      `context p95 ${times(context.ours.p95, context.narrow.p95)} this (earlier runs' baseline)`,
    ),
    row(
      `same work bare: every statement the context build ran, ${n}`,
      context.same,
      `context p50 ${times(context.ours.p50, context.same.p50)}, p95 ${times(context.ours.p95, context.same.p95)} this`,
    ),
  ];
  const rate = (ms: number): string => fixed((seed.rows / ms) * 1000, 0);
  const bulk = [
    [
      `bulk insert (FTS maintained), ${n}`,
      fixed(seed.bulkMs / 1000, 1),
      rate(seed.bulkMs),
      `${fixed(seed.plainMs / seed.bulkMs, 2)}x plain`,
    ],
    [`plain INSERTs, no index, ${n}`, fixed(seed.plainMs / 1000, 1), rate(seed.plainMs), '1.00x'],
    [
      `vectors stored (512-d, KNN kept), ${vectors} of ${n}`,
      fixed(vectorsMs / 1000, 1),
      fixed((vectors / vectorsMs) * 1000, 0),
      '',
    ],
    [
      `search horizon, idle step after the seed: ${horizon}, ${n}`,
      fixed(horizonMs / 1000, 1),
      '',
      '',
    ],
  ];
  return { latency, bulk };
}

/** p95 at the largest size over p95 at the one before it, per figure. */
function growth(): string[][] {
  const [small, large] = SIZES.slice(-2);
  if (small === undefined || large === undefined || small === large) return [];
  return [...p95s.entries()].map(([what, bySize]) => {
    const a = bySize.get(small)!;
    const b = bySize.get(large)!;
    return [`${what} p95 growth, ${small} -> ${large} obs`, fixed(a, 2), fixed(b, 2), times(b, a)];
  });
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

/**
 * The hook's data folder: a kept one (HOOK_DATA) when given, seeded only if it has no database
 * yet; otherwise the test home's own. Bulk-seeded memories get the idle step the worker would
 * give them (the search horizon), and the seed's rate against plain INSERTs is reported.
 */
function hookData(home: TestHome): { home: TestHome; seeded: string[][] } {
  const dataDir = HOOK_DATA ?? home.dataDir;
  const kept = { ...home, dataDir, env: { ...home.env, CLAUDE_MEM_DATA_DIR: dataDir } };
  if (existsSync(join(dataDir, 'claude-mem.db'))) return { home: kept, seeded: [] };
  mkdirSync(dataDir, { recursive: true });
  if (HOOK_SIZE <= 10_000) {
    withDatabase(kept, (db) => seedSynthetic(db, HOOK_SIZE, NOW));
    return { home: kept, seeded: [] };
  }
  const seed = withDatabase(kept, (db) => {
    const timing = seedBulk(db, HOOK_SIZE, NOW);
    refreshHorizon(db);
    return timing;
  });
  const rate = (ms: number): string => fixed((seed.rows / ms) * 1000, 0);
  const n = `${HOOK_SIZE} obs (hook's memory)`;
  return {
    home: kept,
    seeded: [
      [
        `bulk insert (FTS maintained), ${n}`,
        fixed(seed.bulkMs / 1000, 1),
        rate(seed.bulkMs),
        `${fixed(seed.plainMs / seed.bulkMs, 2)}x plain`,
      ],
      [`plain INSERTs, no index, ${n}`, fixed(seed.plainMs / 1000, 1), rate(seed.plainMs), '1.00x'],
    ],
  };
}

/** One round: a worker started, HOOK_RUNS SessionStart hooks against bare node, interleaved. */
async function hookRound(home: TestHome): Promise<{ bare: Summary; hook: Summary; ok: number }> {
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
  return { bare: summarize(bare), hook: summarize(hook), ok: withContext };
}

/** SessionStart hook (worker running, HOOK_SIZE observations) against bare node, per round. */
async function hookWallTime(): Promise<{ latency: string[][]; seeded: string[][] }> {
  if (!existsSync(HOOK_BUNDLE)) throw new Error(`${HOOK_BUNDLE} is missing: run npm run build`);
  const temp = await createTestHome({
    CLAUDE_MEM_SEARCH_EMBEDDER: 'off',
    CLAUDE_MEM_PROJECT: 'bench',
  });
  const { home, seeded } = hookData(temp);
  const latency: string[][] = [];
  for (let round = 1; round <= HOOK_ROUNDS; round += 1) {
    const { bare, hook, ok } = await hookRound(home);
    const label = HOOK_ROUNDS > 1 ? `, round ${round}` : '';
    latency.push(
      row(`node -e ""${label}`, bare),
      row(
        `SessionStart hook (${HOOK_SIZE} obs)${label}`,
        hook,
        `p50 ${fixed(hook.p50 / bare.p50, 2)}x, p95 ${fixed(hook.p95 / bare.p95, 2)}x bare; ${ok}/${HOOK_RUNS + 3} with context`,
      ),
    );
  }
  temp.cleanup();
  return { latency, seeded };
}

const rows: string[][] = [];
const bulkRows: string[][] = [];
for (const size of SIZES) {
  const { latency, bulk } = await atSize(size);
  rows.push(...latency);
  bulkRows.push(...bulk);
}
if (SIZES.length > 0) rows.push(await queryEmbedding());
if (HOOK_RUNS > 0) {
  const { latency, seeded } = await hookWallTime();
  rows.push(...latency);
  bulkRows.push(...seeded);
}
console.log(
  `search latency: ${QUERIES} queries per size, node ${process.version}, ${process.platform}/${process.arch}\n`,
);
printTable(['what', 'p50 ms', 'p95 ms', 'mean ms', 'notes'], rows);
console.log('');
printTable(['bulk path', 'seconds', 'obs/s', 'rate / plain'], bulkRows);
const grown = growth();
if (grown.length > 0) {
  console.log('');
  printTable(['growth', 'p95 ms (smaller)', 'p95 ms (larger)', 'ratio'], grown);
}
console.log(
  `\ntargets: fts p95 <= 1.5x bare FTS5; hybrid p95 <= 3x bare FTS5 (embedding excluded); context p95 <= 1.5x bare SELECT; p95 growth 100k -> 1M <= 2x; bulk rate >= 0.3x plain and >= 5,000 obs/s; SessionStart hook p95 <= 2x bare node\n(${fixed((performance.now() - BENCH_START) / 1000, 0)} s in all)`,
);
