// The default search.minSimilarity against the default, local embedder: nonsense finds nothing,
// a paraphrase sharing no word with its memory still finds it (see bench/vector-floor.ts).
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { openEmbeddingDb } from '../../test/helpers/embedding-db.ts';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { SETTINGS_SCHEMA } from '../config/index.ts';
import { createLocalEmbedder } from './embedders/local-embedder.ts';
import { createSearcher } from './search.ts';

const MEMORIES = [
  'SQLite schema upgrade failed: migration 003 aborted because a column already existed',
  'Login endpoint rate limited to 5 attempts a minute per IP with express-rate-limit',
  'Fixed the flaky upload test: the temp folder was removed before the stream closed',
  'Dark theme: button colours follow the CSS variables of the theme',
  'JWT tokens now expire after 15 minutes; refresh tokens rotate on use',
];

async function seeded(t: TestContext) {
  const { db, index, runtime } = openEmbeddingDb(t, { embedder: createLocalEmbedder() });
  const ids = MEMORIES.map((title) => seedObservation(db, { title }));
  await runtime.drain();
  const searcher = createSearcher({
    db,
    mode: 'hybrid',
    vectors: index,
    runtime,
    minSimilarity: SETTINGS_SCHEMA['search.minSimilarity'].default,
  });
  const find = async (query: string) =>
    (await searcher.search({ query, filters: {}, limit: 5, offset: 0 })).hits.map((hit) => hit.id);
  return { ids, find };
}

test('with the local model, nonsense matches nothing and paraphrases still find their memory', async (t) => {
  const { ids, find } = await seeded(t);
  assert.deepEqual(await find('zzzqqq'), []);
  assert.deepEqual(await find('qwertyuiop'), []);
  assert.deepEqual(await find('my grandmother knits scarves'), []);
  assert.equal((await find('how do I repair a broken data migration'))[0], ids[0]);
  assert.equal((await find('brute force protection on sign in'))[0], ids[1]);
  assert.equal((await find('colors in dark mode'))[0], ids[3]);
  assert.equal((await find('how long do auth tokens last'))[0], ids[4]);
});
