// Where full-text search time goes at scale: the query's window of the newest matches in the
// project (what src/search/fts-search.ts ranks) read with and without bm25, over the same
// corpus and queries as bench/search-latency.ts. bm25 counts each term's documents over its
// whole doclist before it scores the window; the window reads each match's row for the
// project. Both grow with the memory; this says how much of the time each takes.
// Usage: node --import tsx bench/fts-window.ts [--size 1000000] [--queries 100]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFtsQuery, FTS_WEIGHTS } from '../src/search/index.ts';
import { RANK_WINDOW } from '../src/search/fts-search.ts';
import { openDatabase, stmt } from '../src/store/index.ts';
import { seedBulk, wordSource } from './lib/bulk-seed.ts';
import { flags } from './lib/recall-stack.ts';
import { fixed, msSince, printTable, summarize } from './lib/stats.ts';
import { random } from './lib/synthetic.ts';

const args = flags();
const SIZE = Number(args.get('size') ?? 1_000_000);
const QUERIES = Number(args.get('queries') ?? 100);

const WINDOW = `FROM observations_fts CROSS JOIN observations o ON o.id = observations_fts.rowid
  WHERE observations_fts MATCH ? AND o.project = 'bench'
  ORDER BY observations_fts.rowid DESC LIMIT ${RANK_WINDOW}`;
const PLANS = {
  'window, no ranking': `SELECT o.id ${WINDOW}`,
  'window ranked by bm25 (as the search does)': `SELECT id FROM (
    SELECT o.id AS id, bm25(observations_fts, ${FTS_WEIGHTS.join(', ')}) AS score ${WINDOW})
    ORDER BY score LIMIT 20`,
};

const dir = mkdtempSync(join(tmpdir(), 'claude-mem-fts-window-'));
const db = openDatabase(join(dir, 'claude-mem.db'));
const seed = seedBulk(db, SIZE, Date.now());
const next = random(99);
const draw = wordSource(5).draw;
const queries = Array.from(
  { length: QUERIES },
  () => buildFtsQuery(Array.from({ length: 1 + Math.floor(next() * 3) }, draw).join(' '))!.all,
);
const samples = new Map(Object.keys(PLANS).map((name) => [name, [] as number[]]));
for (const match of queries) {
  for (const [name, sql] of Object.entries(PLANS)) {
    const start = process.hrtime.bigint();
    stmt(db, sql).all(match);
    samples.get(name)!.push(msSince(start));
  }
}
db.close();
rmSync(dir, { recursive: true, force: true });

console.log(
  `full-text window at ${SIZE} observations (seeded in ${fixed(seed.bulkMs / 1000, 0)} s), ${QUERIES} queries\n`,
);
printTable(
  ['query', 'p50 ms', 'p95 ms'],
  [...samples].map(([name, list]) => {
    const s = summarize(list);
    return [name, fixed(s.p50, 2), fixed(s.p95, 2)];
  }),
);
