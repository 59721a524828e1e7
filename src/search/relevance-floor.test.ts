// The default search.minSimilarity against the default, local embedder: nonsense finds nothing,
// a paraphrase sharing no word with its memory still finds it (see bench/vector-floor.ts).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { silentLogger } from '../../test/helpers/logger.ts';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { SETTINGS_SCHEMA } from '../config/index.ts';
import { observationsMark, openDatabase } from '../store/index.ts';
import { createEmbeddingRuntime } from './embedding-runtime.ts';
import { createLocalEmbedder } from './embedders/local-embedder.ts';
import { createSearcher } from './search.ts';
import { createVectorIndex } from './vector-index.ts';
import { loadSqliteVec } from './vector-space.ts';

const MEMORIES = [
  'SQLite schema upgrade failed: migration 003 aborted because a column already existed',
  'Login endpoint rate limited to 5 attempts a minute per IP with express-rate-limit',
  'Fixed the flaky upload test: the temp folder was removed before the stream closed',
  'Dark theme: button colours follow the CSS variables of the theme',
  'JWT tokens now expire after 15 minutes; refresh tokens rotate on use',
];

async function seeded(t: TestContext) {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  loadSqliteVec(db);
  const index = createVectorIndex(db);
  const runtime = createEmbeddingRuntime({
    index,
    embedder: createLocalEmbedder(),
    changeMark: () => observationsMark(db),
    log: silentLogger,
  });
  t.after(async () => {
    await runtime.stop();
    db.close();
  });
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
