// Old answers at scale (issue 32): 60 memories of one project (bench/lib/paraphrase-set.ts) stored
// first, then N newer rows of the same domain (the same kinds of work on other components: the
// set's memories with their area renamed), then the search horizon built as the worker's idle
// step does. Each old memory is asked twice (its paraphrased question, and its title), and each
// question's whole-index #1 (every match ranked: `allTime`) is looked for in the default top 5;
// the same for the search as it was before (the horizon's page, then the newest 2,000 matches).
// Latency of the default full-text search, of that old search (the same run: the baseline) and
// of a bare FTS5 `MATCH ... ORDER BY rank LIMIT 20` over the whole index.
// `--hybrid`: hybrid too, in the same loop. Every row gets a vector the way
// bench/search-latency.ts gives them (seedVectors: clustered random 512-d vectors under the hash
// embedder's id, so the KNN costs what it would; they mean nothing, so vectors add no answers
// here) and the query's embedding is timed apart and excluded. Hybrid as it was before is the
// old full-text search above fused with today's default vector shortlist (the KNN already read
// the horizon's buckets before issue 32, which only made it say so and added allTime).
// Usage: node --import tsx bench/old-answers.ts [--newer 250000] [--db PATH (kept, reused)]
//          [--hybrid] (writes vectors into PATH: copy a kept fts-only database first)
//          [--slowest N] (the N questions the default full-text search took longest over)
import { existsSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildFtsQuery,
  createVectorIndex,
  ftsRank,
  FTS_WEIGHTS,
  LOCAL_WEIGHT,
  reciprocalRankFusion,
  type FtsQuery,
  type RankedId,
} from '../src/search/index.ts';
import {
  HORIZON_TABLE,
  horizonBoundary,
  migrate,
  openDatabase,
  refreshHorizon,
  stmt,
  type Db,
} from '../src/store/index.ts';
import { MIGRATIONS } from '../src/store/migrations/index.ts';
import { insertObservations, type BulkObservation } from '../test/helpers/bulk-insert.ts';
import { paraphraseSet, type ParaphraseMemory } from './lib/paraphrase-set.ts';
import { seedVectors } from './lib/bulk-vectors.ts';
import { createRecallStack, flags, type RecallStack } from './lib/recall-stack.ts';
import { fixed, printTable, summarize, type Summary } from './lib/stats.ts';
import { random } from './lib/synthetic.ts';

const args = flags();
const NEWER = Number(args.get('newer') ?? 250_000);
const OLD_EVERY = 17;
const OLD = 60;
const LIMIT = 5;
const HYBRID = args.has('hybrid');
/** What each ranking gives hybrid fusion (search.ts FUSION_DEPTH), and the vector floor's default. */
const DEPTH = 30;
const MIN_SIMILARITY = 0.45;
const DIMENSIONS = 512;
const NOW = Date.now();

const row = (m: ParaphraseMemory, i: number, hash: string): BulkObservation => ({
  project: 'bench',
  type: 'change',
  title: m.title,
  narrative: m.narrative,
  facts: m.facts,
  filesModified: m.filesModified,
  contentHash: hash,
  createdAt: NOW - (NEWER + OLD - i) * 60_000,
});

const AREAS = 'billing search upload auth email report inventory schedule chat geo'.split(' ');

/** A memory of another area: the set's area word swapped for one of 400 made-up ones. */
function renamed(m: ParaphraseMemory, area: string): ParaphraseMemory {
  const swap = (text: string): string =>
    AREAS.reduce((out, word) => out.replaceAll(word, area).replaceAll(cap(word), cap(area)), text);
  return {
    ...m,
    title: swap(m.title),
    narrative: swap(m.narrative),
    facts: m.facts.map(swap),
    filesModified: m.filesModified.map(swap),
  };
}
const cap = (word: string): string => word[0]!.toUpperCase() + word.slice(1);

function seed(db: Db): void {
  const { memories } = paraphraseSet();
  const old = memories.filter((_, i) => i % OLD_EVERY === 0).slice(0, OLD);
  insertObservations(
    db,
    old.map((m, i) => row(m, i, `old-${i}`)),
  );
  const rand = random(7);
  for (let done = 0, s = 16; done < NEWER; s += 1) {
    const batch = paraphraseSet(s)
      .memories.slice(0, NEWER - done)
      .map((m, i) => {
        const area = `zone${Math.floor(rand() * 400)}x`;
        return row(renamed(m, area), OLD + done + i, `new-${s}-${i}`);
      });
    insertObservations(db, batch);
    done += batch.length;
    if (s % 40 === 0) process.stderr.write(`  seeded ${done}\n`);
  }
  refreshHorizon(db);
}

/** The search as it was before issue 32: the horizon's page, then the newest 2,000 matches. */
function before(db: Db, q: FtsQuery, limit: number): number[] {
  return beforeRanked(db, q, limit).map((hit) => hit.id);
}

/** `before`, each hit saying whether it holds every query term (what fusion keeps ahead). */
function beforeRanked(
  db: Db,
  q: FtsQuery,
  limit: number,
): Array<{ id: number; allTerms: boolean }> {
  const weights = FTS_WEIGHTS.join(', ');
  const run = (match: string, table: string): number[] =>
    stmt(
      db,
      `SELECT id FROM (SELECT o.id AS id, bm25(${table}, ${weights}) AS score
         FROM ${table} CROSS JOIN observations o ON o.id = ${table}.rowid
         WHERE ${table} MATCH @match ORDER BY ${table}.rowid DESC LIMIT 2000)
       ORDER BY score, id DESC LIMIT @limit`,
    )
      .pluck()
      .all({ match, limit }) as number[];
  const horizon = horizonBoundary(db) !== undefined;
  const ranked = (match: string): number[] => {
    const recent = horizon ? run(match, HORIZON_TABLE) : [];
    return recent.length >= limit ? recent : run(match, 'observations_fts');
  };
  const all = ranked(q.all);
  const held = new Set(all);
  const ids =
    all.length >= limit || q.any === q.all
      ? all
      : [...new Set([...all, ...ranked(q.any)])].slice(0, limit);
  return ids.map((id) => ({ id, allTerms: held.has(id) }));
}

/**
 * Hybrid as it was before issue 32: the old full-text ranking fused with the default vector
 * shortlist the way the searcher fuses (reciprocal rank, the vector list at the hash embedder's
 * weight, matches of every term ahead, vector-only neighbours under the floor dropped).
 */
function hybridBefore(stack: RecallStack, q: FtsQuery, vector: Float32Array): number[] {
  const text = beforeRanked(stack.db, q, DEPTH);
  const found = new Set(text.map((hit) => hit.id));
  const near = (
    createVectorIndex(stack.db).search(vector, {}, DEPTH, undefined, {}) as RankedId[]
  ).filter((hit) => found.has(hit.id) || 1 - hit.score >= MIN_SIMILARITY);
  const exact = new Set(text.filter((hit) => hit.allTerms).map((hit) => hit.id));
  const fused = reciprocalRankFusion(
    [text.map((hit) => hit.id), near.map((hit) => hit.id)],
    undefined,
    [1, LOCAL_WEIGHT],
  ).map((hit) => hit.id);
  return [...fused.filter((id) => exact.has(id)), ...fused.filter((id) => !exact.has(id))].slice(
    0,
    LIMIT,
  );
}

/** Vectors for every row (once per database), then the embedder loaded as the worker loads it. */
async function withVectors(stack: RecallStack): Promise<void> {
  const model = stack.embedder!.id;
  const stored = stmt(stack.db, 'SELECT COUNT(*) FROM recall_vectors WHERE model = ?')
    .pluck()
    .get(model) as number;
  if (stored === 0) {
    const started = performance.now();
    createVectorIndex(stack.db).begin(model, DIMENSIONS);
    const n = seedVectors(stack.db, model, DIMENSIONS, 'bench');
    console.log(`vectors stored: ${n} in ${fixed((performance.now() - started) / 1000, 1)} s`);
  }
  // Nothing is left to embed: this loads the hash embedder and marks the space complete.
  await stack.embedAll();
}

const bare = (db: Db, q: FtsQuery): number[] =>
  stmt(
    db,
    `SELECT rowid FROM observations_fts WHERE observations_fts MATCH @match
     ORDER BY bm25(observations_fts, ${FTS_WEIGHTS.join(', ')}) LIMIT 20`,
  )
    .pluck()
    .all({ match: q.any }) as number[];

const time = <T>(fn: () => T): [T, number] => {
  const start = performance.now();
  const value = fn();
  return [value, performance.now() - start];
};
const timeAsync = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
};

/** Hybrid's samples and answers, beside full text's in the same loop. */
const hybrid = {
  now: [] as number[],
  before: [] as number[],
  all: [] as number[],
  embed: [] as number[],
  found: 0,
  foundBefore: 0,
  /** Hybrid all-time's own #1 in the default hybrid top 5. */
  ownFirst: 0,
  partial: 0,
  /** Answers not ranked as hybrid (vectors not in search): the figures would be full text's. */
  notHybrid: 0,
};

/** One question through the three hybrid searches; `first` is the whole index's full-text #1. */
async function askHybrid(stack: RecallStack, text: string, q: FtsQuery, first?: number) {
  const search = (allTime: boolean) =>
    stack.searcher.search({ query: text, filters: {}, limit: LIMIT, offset: 0, allTime });
  // The query's embedding, timed apart (cached by the runtime for the searches below).
  const [vector, tEmbed] = await timeAsync(() => stack.queryVector(text));
  const [exact, tAll] = await timeAsync(() => search(true));
  const [now, tNow] = await timeAsync(() => search(false));
  const [old, tOld] = time(() => hybridBefore(stack, q, vector!));
  hybrid.embed.push(tEmbed);
  hybrid.all.push(tAll);
  hybrid.now.push(tNow);
  hybrid.before.push(tOld);
  if (now.mode !== 'hybrid' || exact.mode !== 'hybrid') hybrid.notHybrid += 1;
  if (now.partial) hybrid.partial += 1;
  const own = exact.hits[0]?.id;
  if (own !== undefined && now.hits.some((hit) => hit.id === own)) hybrid.ownFirst += 1;
  if (first === undefined) return;
  if (now.hits.some((hit) => hit.id === first)) hybrid.found += 1;
  if (old.includes(first)) hybrid.foundBefore += 1;
}

async function main(): Promise<void> {
  const path =
    args.get('db') ?? join(mkdtempSync(join(tmpdir(), 'claude-mem-old-')), 'claude-mem.db');
  const fresh = !existsSync(path);
  const stack = HYBRID
    ? createRecallStack('hash', { path, dimensions: DIMENSIONS, minSimilarity: MIN_SIMILARITY })
    : undefined;
  const db = stack?.db ?? openDatabase(path);
  migrate(db, MIGRATIONS);
  if (fresh) seed(db);
  // The old memories' search keys (other words for them, as a compressor writes): what makes a
  // paraphrased question's answer an old memory and not a newer row sharing its common words.
  const { memories: set } = paraphraseSet();
  const keys = stmt(
    db,
    'UPDATE observations SET search_keys = ? WHERE content_hash = ? AND search_keys IS NOT ?',
  );
  db.transaction(() => {
    set
      .filter((_, i) => i % OLD_EVERY === 0)
      .slice(0, OLD)
      .forEach((m, i) => keys.run(m.searchKeys, `old-${i}`, m.searchKeys));
  })();
  if (stack) await withVectors(stack);
  const { memories, questions: all } = paraphraseSet();
  const asked = all.filter((q) => q.target % OLD_EVERY === 0).slice(0, OLD);
  const texts = asked.flatMap((q) => [q.text, memories[q.target]!.title]);
  const times = {
    now: [] as number[],
    before: [] as number[],
    bare: [] as number[],
    all: [] as number[],
  };
  let found = 0;
  let foundBefore = 0;
  let partial = 0;
  let asked1 = 0;
  let oldFirst = 0;
  /** Each question's default full-text time, for --slowest N. */
  const slow: Array<{ text: string; ms: number; beforeMs: number; partial: boolean }> = [];
  const oldIds = new Set(
    stmt(db, "SELECT id FROM observations WHERE content_hash LIKE 'old-%'")
      .pluck()
      .all() as number[],
  );
  for (const text of texts) {
    const q = buildFtsQuery(text)!;
    const [exact, tAll] = time(() => ftsRank(db, q, {}, LIMIT, { allTime: true }));
    const [now, tNow] = time(() => ftsRank(db, q, {}, LIMIT));
    const [old, tOld] = time(() => before(db, q, LIMIT));
    const [, tBare] = time(() => bare(db, q));
    times.all.push(tAll);
    times.now.push(tNow);
    slow.push({ text, ms: tNow, beforeMs: tOld, partial: now.cutoff !== undefined });
    times.before.push(tOld);
    times.bare.push(tBare);
    const first = exact.hits[0]?.id;
    if (stack) await askHybrid(stack, text, q, first);
    if (first === undefined) continue;
    asked1 += 1;
    if (oldIds.has(first)) oldFirst += 1;
    if (now.hits.some((hit) => hit.id === first)) found += 1;
    if (old.includes(first)) foundBefore += 1;
    if (now.cutoff) partial += 1;
  }
  const s = {
    now: summarize(times.now),
    before: summarize(times.before),
    bare: summarize(times.bare),
    all: summarize(times.all),
  };
  console.log(`\n${NEWER} newer rows, ${texts.length} questions (${asked1} with an answer)`);
  printTable(
    ['search', `whole-index #1 in top ${LIMIT}`, 'p50 ms', 'p95 ms', 'p95 / before', 'p95 / bare'],
    [
      [
        'default (rarest term first)',
        `${found} (${fixed((100 * found) / asked1)}%)`,
        fixed(s.now.p50, 2),
        fixed(s.now.p95, 2),
        fixed(s.now.p95 / s.before.p95, 2),
        fixed(s.now.p95 / s.bare.p95, 2),
      ],
      [
        'before (horizon, window)',
        `${foundBefore} (${fixed((100 * foundBefore) / asked1)}%)`,
        fixed(s.before.p50, 2),
        fixed(s.before.p95, 2),
        '1.00',
        fixed(s.before.p95 / s.bare.p95, 2),
      ],
      [
        'all time (every match ranked)',
        `${asked1} (100%)`,
        fixed(s.all.p50, 2),
        fixed(s.all.p95, 2),
        fixed(s.all.p95 / s.before.p95, 2),
        fixed(s.all.p95 / s.bare.p95, 2),
      ],
      [
        'bare FTS5 ORDER BY rank LIMIT 20',
        '',
        fixed(s.bare.p50, 2),
        fixed(s.bare.p95, 2),
        fixed(s.bare.p95 / s.before.p95, 2),
        '1.00',
      ],
    ],
  );
  if (stack) hybridTable(asked1, s.bare);
  console.log(`whole-index #1 is an old memory: ${oldFirst} of ${asked1}`);
  console.log(`answers that carried a cut-off note: ${partial} of ${texts.length}`);
  const SLOWEST = Number(args.get('slowest') ?? 0);
  for (const one of slow.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) {
    const note = one.partial ? ', cut-off note' : '';
    console.log(
      `  slow: ${fixed(one.ms, 1)} ms (before ${fixed(one.beforeMs, 1)} ms${note}): ${one.text}`,
    );
  }
  console.log(`database: ${path}`);
  if (stack) stack.close();
  else db.close();
}

/** Hybrid's rows: ratios to hybrid as it was before and to the same run's bare FTS5. */
function hybridTable(asked: number, bareFts: Summary): void {
  const s = {
    now: summarize(hybrid.now),
    before: summarize(hybrid.before),
    all: summarize(hybrid.all),
    embed: summarize(hybrid.embed),
  };
  const line = (label: string, hits: string, t: Summary): string[] => [
    label,
    hits,
    fixed(t.p50, 2),
    fixed(t.p95, 2),
    fixed(t.p95 / s.before.p95, 2),
    fixed(t.p95 / bareFts.p95, 2),
  ];
  const share = (n: number): string => `${n} (${fixed((100 * n) / asked)}%)`;
  console.log('\nhybrid (query embedding excluded), the same questions and run');
  printTable(
    ['search', `whole-index #1 in top ${LIMIT}`, 'p50 ms', 'p95 ms', 'p95 / before', 'p95 / bare'],
    [
      line('hybrid default', share(hybrid.found), s.now),
      line('hybrid before (old full text + vector shortlist)', share(hybrid.foundBefore), s.before),
      line('hybrid all time', '', s.all),
    ],
  );
  console.log(
    `hybrid all-time #1 in the default hybrid top ${LIMIT}: ${hybrid.ownFirst} of ${hybrid.now.length}; ` +
      `answers with the cut-off note: ${hybrid.partial}; not ranked as hybrid: ${hybrid.notHybrid}`,
  );
  console.log(
    `hash embedder, embed one query (excluded above): p50 ${fixed(s.embed.p50, 2)} ms, p95 ${fixed(s.embed.p95, 2)} ms`,
  );
}

await main();
