import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { ChromaClient } from 'chromadb';
import { createHashEmbedder } from '../../src/search/index.ts';
import { forget, observationsMark, type Db } from '../../src/store/index.ts';
import { createRecall, type RecallOptions } from '../../src/worker/recall/recall-service.ts';
import type { WorkerDeps } from '../../src/worker/index.ts';
import { chromaForFile } from '../helpers/chroma-server.ts';
import { seedObservation } from '../helpers/seed-memory.ts';
import { openTestDb } from '../helpers/test-db.ts';
import { createTestDeps } from '../helpers/worker-deps.ts';

// One real Chroma server (from the chromadb npm package) for the file; one collection per test.
const server = chromaForFile();

const TITLES = [
  'spool reader quarantines corrupt files',
  'markdown parser renders tables',
  'worker restarts after a crash',
  'rate limiter for the login route',
  'sqlite busy timeout during ingest',
  'viewer shows live observations',
  'settings file validation errors',
  'hook exits zero on bad input',
];
const QUERIES = ['quarantine a corrupt spool file', 'login rate limit', 'crash restart', 'tables'];

let collections = 0;
/** WorkerDeps on `db` with vectors in Chroma (a fresh collection) or in sqlite-vec. */
function depsFor(t: TestContext, store: 'chroma' | 'sqlite-vec', db?: Db): WorkerDeps {
  collections += 1;
  return createTestDeps(t, {
    ...(db ? { db } : {}),
    settings: {
      'search.vectorStore': store,
      'search.chroma.url': server.url,
      'search.chroma.collection': `test-${process.pid}-${collections}`,
      // Parity of the stores, not the relevance floor (tuned on the local model, not hash vectors).
      'search.minSimilarity': 0,
    },
  });
}

const OPTIONS: RecallOptions = { embedder: createHashEmbedder(64), exactLimit: 0 };

function recallOn(t: TestContext, deps: WorkerDeps) {
  const recall = createRecall(deps, OPTIONS);
  t.after(async () => {
    await recall.vectors?.runtime.stop();
    await recall.vectors?.chroma?.stop();
  });
  return recall;
}

async function drained(recall: ReturnType<typeof createRecall>): Promise<void> {
  await recall.vectors?.runtime.drain();
  await recall.vectors?.chroma?.drain();
}

const ids = async (
  recall: ReturnType<typeof createRecall>,
  query: string,
  mode: 'vector' | 'hybrid' = 'vector',
) => {
  const result = await recall.searcher.search({ query, filters: {}, limit: 5, offset: 0, mode });
  assert.equal(result.mode, mode, `search for "${query}" ran as ${result.mode}`);
  return result.hits.map((hit) => hit.id);
};

async function collectionCount(deps: WorkerDeps): Promise<number> {
  const url = new URL(server.url);
  const client = new ChromaClient({ host: url.hostname, port: Number(url.port) });
  const collection = await client.getOrCreateCollection({
    name: deps.settings['search.chroma.collection'],
    embeddingFunction: null,
  });
  return collection.count();
}

test('vectors reach the Chroma collection and rank exactly as sqlite-vec ranks them', async (t) => {
  const chromaDeps = depsFor(t, 'chroma');
  const sqliteDeps = depsFor(t, 'sqlite-vec');
  for (const title of TITLES) {
    seedObservation(chromaDeps.db, { title });
    seedObservation(sqliteDeps.db, { title });
  }
  const chroma = recallOn(t, chromaDeps);
  const sqlite = recallOn(t, sqliteDeps);
  await drained(chroma);
  await drained(sqlite);
  assert.equal(await collectionCount(chromaDeps), TITLES.length);
  assert.deepEqual(chroma.status().store, {
    kind: 'chroma',
    url: server.url,
    collection: chromaDeps.settings['search.chroma.collection'],
    reachable: true,
    indexed: TITLES.length,
    pending: 0,
  });
  for (const query of QUERIES) {
    assert.deepEqual(await ids(chroma, query), await ids(sqlite, query), `vector: ${query}`);
    assert.deepEqual(
      await ids(chroma, query, 'hybrid'),
      await ids(sqlite, query, 'hybrid'),
      `hybrid: ${query}`,
    );
  }
  const project = await chroma.searcher.search({
    query: 'spool',
    filters: { project: 'other' },
    limit: 5,
    offset: 0,
    mode: 'vector',
  });
  assert.deepEqual(project.hits, [], 'the project filter reaches Chroma');
});

test('forget and edit reach Chroma, and search never returns a forgotten row meanwhile', async (t) => {
  const deps = depsFor(t, 'chroma');
  const ids_ = TITLES.map((title) => seedObservation(deps.db, { title }));
  const recall = recallOn(t, deps);
  await drained(recall);
  const spool = ids_[0]!;
  assert.equal((await ids(recall, 'quarantine a corrupt spool file'))[0], spool);
  forget(deps.db, { kind: 'ids', observations: [spool], summaries: [], prompts: [] });
  assert.ok(!(await ids(recall, 'quarantine a corrupt spool file')).includes(spool));
  recall.changed([spool]);
  await drained(recall);
  assert.equal(await collectionCount(deps), TITLES.length - 1);

  // An edit is a new version of the vector: it waits, then replaces the old one in Chroma.
  const parser = ids_[1]!;
  deps.db
    .prepare('UPDATE observations SET title = ?, updated_at = updated_at + 1 WHERE id = ?')
    .run('kafka consumer lag alarms', parser);
  await recall.vectors?.runtime.drain();
  assert.equal(recall.status().store?.pending, 1);
  await recall.vectors?.chroma?.drain();
  assert.equal(recall.status().store?.pending, 0);
  assert.equal(await collectionCount(deps), TITLES.length - 1);
  assert.equal((await ids(recall, 'kafka consumer lag alarms'))[0], parser);
});

test('Chroma down: search falls back to full text with a note; vectors wait and arrive', async (t) => {
  const deps = depsFor(t, 'chroma');
  for (const title of TITLES) seedObservation(deps.db, { title });
  const recall = recallOn(t, deps);
  await drained(recall);
  await server.stop();
  try {
    const late = seedObservation(deps.db, { title: 'late observation about kafka consumers' });
    await recall.vectors?.runtime.drain(); // Embedding goes on: the vector waits in the database.
    await assert.rejects(() => recall.vectors!.chroma!.drain());
    const down = await recall.searcher.search({
      query: 'kafka consumers',
      filters: {},
      limit: 5,
      offset: 0,
      mode: 'hybrid',
    });
    assert.equal(down.mode, 'fts');
    assert.match(down.note ?? '', /vector store unreachable/);
    assert.deepEqual(
      down.hits.map((hit) => hit.id),
      [late],
    );
    const store = recall.status().store!;
    assert.equal(store.reachable, false);
    assert.equal(store.pending, 1);
    await server.restart();
    await drained(recall);
    assert.equal(await collectionCount(deps), TITLES.length + 1);
    assert.equal(recall.status().store?.reachable, true);
    assert.equal((await ids(recall, 'late observation about kafka consumers'))[0], late);
  } finally {
    await server.restart().catch(() => undefined);
  }
});

test('switching store re-indexes from the database without re-embedding, both ways', async (t) => {
  const db = openTestDb(t);
  for (const title of TITLES) seedObservation(db, { title });
  const first = recallOn(t, depsFor(t, 'sqlite-vec', db));
  await drained(first);
  const before = await ids(first, 'login rate limit');
  await first.vectors?.runtime.stop();
  const markBefore = observationsMark(db);

  const chromaDeps = depsFor(t, 'chroma', db);
  const chroma = recallOn(t, chromaDeps);
  assert.deepEqual(chroma.vectors?.index.pending('hash-v2-64', 10), [], 'nothing to re-embed');
  await drained(chroma);
  assert.equal(await collectionCount(chromaDeps), TITLES.length);
  assert.deepEqual(await ids(chroma, 'login rate limit'), before);
  seedObservation(db, { title: 'added while vectors lived in chroma: login throttling' });
  await drained(chroma);
  await chroma.vectors?.runtime.stop();
  assert.notEqual(observationsMark(db), markBefore);

  const back = recallOn(t, depsFor(t, 'sqlite-vec', db));
  await drained(back);
  const after = await ids(back, 'login throttling');
  assert.equal(after.length, 5);
  assert.deepEqual(await ids(back, 'login throttling'), await ids(chroma, 'login throttling'));
});
