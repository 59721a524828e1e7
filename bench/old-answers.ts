// Old answers at scale (issue 32): 60 memories of one project (bench/lib/paraphrase-set.ts) stored
// first, then N newer rows of the same domain (the same kinds of work on other components: the
// set's memories with their area renamed), then the search horizon built as the worker's idle
// step does. Each old memory is asked twice (its paraphrased question, and its title), and each
// question's whole-index #1 (every match ranked: `allTime`) is looked for in the default top 5;
// the same for the search as it was before (the horizon's page, then the newest 2,000 matches).
// Latency of the default full-text search, of that old search (the same run: the baseline) and
// of a bare FTS5 `MATCH ... ORDER BY rank LIMIT 20` over the whole index.
// Usage: node --import tsx bench/old-answers.ts [--newer 250000] [--db PATH (kept, reused)]
import { existsSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFtsQuery, ftsRank, FTS_WEIGHTS, type FtsQuery } from '../src/search/index.ts';
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
import { flags } from './lib/recall-stack.ts';
import { fixed, printTable, summarize } from './lib/stats.ts';
import { random } from './lib/synthetic.ts';

const args = flags();
const NEWER = Number(args.get('newer') ?? 250_000);
const OLD_EVERY = 17;
const OLD = 60;
const LIMIT = 5;
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
  if (all.length >= limit || q.any === q.all) return all;
  return [...new Set([...all, ...ranked(q.any)])].slice(0, limit);
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

function main(): void {
  const path =
    args.get('db') ?? join(mkdtempSync(join(tmpdir(), 'claude-mem-old-')), 'claude-mem.db');
  const fresh = !existsSync(path);
  const db = openDatabase(path);
  migrate(db, MIGRATIONS);
  if (fresh) seed(db);
  // The old memories' search keys (other words for them, as a compressor writes): what makes a
  // paraphrased question's answer an old memory and not a newer row sharing its common words.
  const { memories: set } = paraphraseSet();
  const keys = stmt(db, 'UPDATE observations SET search_keys = ? WHERE content_hash = ?');
  db.transaction(() => {
    set
      .filter((_, i) => i % OLD_EVERY === 0)
      .slice(0, OLD)
      .forEach((m, i) => keys.run(m.searchKeys, `old-${i}`));
  })();
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
    times.before.push(tOld);
    times.bare.push(tBare);
    const first = exact.hits[0]?.id;
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
  console.log(`whole-index #1 is an old memory: ${oldFirst} of ${asked1}`);
  console.log(`answers that carried a cut-off note: ${partial} of ${texts.length}`);
  console.log(`database: ${path}`);
  db.close();
}

main();
