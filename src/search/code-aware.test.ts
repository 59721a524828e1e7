import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { seedObservation, type SeedObservation } from '../../test/helpers/seed-memory.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import { type Db } from '../store/index.ts';
import { createSearcher } from './search.ts';

/** Memories whose only link to their query is an identifier or a path in some spelling. */
const MEMORIES: Record<string, SeedObservation> = {
  camel: {
    title: 'Throttle requests per client',
    narrative: 'Added class RateLimiter in rateLimiter.ts with a token bucket',
  },
  snake: { title: 'Burst size is configurable', facts: ['rate_limiter.burst defaults to 20'] },
  kebabPath: { title: 'Middleware order on the routes', filesModified: ['src/api/rate-limit.ts'] },
  acronym: { title: 'Decoder for upstream answers', narrative: 'parseHTTPResponse drops trailers' },
  absPath: {
    title: 'Spool files sorted by name',
    filesRead: ['/work/alpha/src/spool/readSpool.ts'],
  },
  hookFile: { title: 'Debounce the search box', filesModified: ['src/ui/use-debounced-value.ts'] },
  pascal: { title: 'Worker pool sizing', narrative: 'EmbeddingRuntime keeps one model thread' },
  rateOnly: { title: 'Rate of change chart', narrative: 'a chart of the error rate' },
  limitOnly: { title: 'Limit on upload size', narrative: 'uploads over the limit fail' },
};

/** Each query and the memory it must find within the first `within` results. */
const CASES: Array<{ query: string; finds: keyof typeof MEMORIES; within: number }> = [
  { query: 'rate limit', finds: 'camel', within: 3 },
  { query: 'rate limit', finds: 'snake', within: 3 },
  { query: 'rate limit', finds: 'kebabPath', within: 3 },
  { query: 'rateLimiter', finds: 'camel', within: 1 },
  { query: 'rateLimiter', finds: 'snake', within: 3 },
  { query: 'rate_limiter', finds: 'camel', within: 3 },
  { query: 'RateLimiter', finds: 'camel', within: 1 },
  { query: 'src/api/rate-limit.ts', finds: 'kebabPath', within: 1 },
  { query: 'rate-limit.ts', finds: 'kebabPath', within: 1 },
  { query: 'parse http response', finds: 'acronym', within: 1 },
  { query: 'parse_http_response', finds: 'acronym', within: 1 },
  { query: 'parseHTTPResponse', finds: 'acronym', within: 1 },
  { query: 'src/spool/readSpool.ts', finds: 'absPath', within: 1 },
  { query: 'read spool', finds: 'absPath', within: 1 },
  { query: 'readSpool', finds: 'absPath', within: 1 },
  { query: 'useDebouncedValue', finds: 'hookFile', within: 1 },
  { query: 'debounced value hook', finds: 'hookFile', within: 1 },
  { query: 'embedding runtime', finds: 'pascal', within: 1 },
  { query: 'embedding_runtime', finds: 'pascal', within: 1 },
  { query: 'EmbeddingRuntime', finds: 'pascal', within: 1 },
  { query: 'token bucket in RateLimiter', finds: 'camel', within: 1 },
  { query: 'burst of rateLimiter', finds: 'snake', within: 1 },
];

function seeded(t: TestContext): { db: Db; ids: Map<string, number> } {
  const db = openTestDb(t);
  const ids = new Map(Object.entries(MEMORIES).map(([key, o]) => [key, seedObservation(db, o)]));
  return { db, ids };
}

test('identifier and path queries find their memory in any spelling', async (t) => {
  const { db, ids } = seeded(t);
  const searcher = createSearcher({ db, mode: 'fts' });
  const missed: string[] = [];
  for (const { query, finds, within } of CASES) {
    const { hits } = await searcher.search({ query, filters: {}, limit: within, offset: 0 });
    const found = hits.some((hit) => hit.id === ids.get(finds));
    if (!found) missed.push(`${query} -> ${finds} (top ${within})`);
  }
  assert.deepEqual(missed, []);
});

test('"rate limit" ranks the three spellings above words that match only one of its words', async (t) => {
  const { db, ids } = seeded(t);
  const searcher = createSearcher({ db, mode: 'fts' });
  const { hits } = await searcher.search({ query: 'rate limit', filters: {}, limit: 5, offset: 0 });
  const top = new Set(hits.slice(0, 3).map((hit) => hit.id));
  assert.deepEqual(top, new Set(['camel', 'snake', 'kebabPath'].map((key) => ids.get(key))));
});

test('an edit re-indexes the split words and a delete removes them', async (t) => {
  const { db, ids } = seeded(t);
  const searcher = createSearcher({ db, mode: 'fts' });
  const find = async (query: string) =>
    (await searcher.search({ query, filters: {}, limit: 10, offset: 0 })).hits.map((h) => h.id);
  db.prepare(`UPDATE observations SET narrative = 'TokenBucket refill' WHERE id = ?`).run(
    ids.get('camel'),
  );
  assert.deepEqual(await find('token bucket'), [ids.get('camel')]);
  const limiter = await find('RateLimiter');
  assert.equal(limiter[0], ids.get('snake'));
  assert.equal(limiter.includes(ids.get('camel')!), false);
  db.prepare('DELETE FROM observations WHERE id = ?').run(ids.get('absPath'));
  assert.deepEqual(await find('readSpool'), []);
  // FTS5 compares the index with its content view: the triggers wrote what a rebuild would.
  db.prepare(
    `INSERT INTO observations_fts (observations_fts, rank) VALUES ('integrity-check', 1)`,
  ).run();
});
