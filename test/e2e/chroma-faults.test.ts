// Chroma down or answering garbage (issue 31): search says the vectors were unavailable, status
// says what is wrong in our words, and the collection is never dropped on an answer that cannot
// be read, only when it really holds another model's vectors.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { ChromaClient } from 'chromadb';
import { createHashEmbedder, type Embedder } from '../../src/search/index.ts';
import { createRecall } from '../../src/worker/recall/recall-service.ts';
import type { WorkerDeps } from '../../src/worker/index.ts';
import { chromaForFile } from '../helpers/chroma-server.ts';
import { startChromaProxy } from '../helpers/chroma-proxy.ts';
import { freePort } from '../helpers/env.ts';
import { seedObservation } from '../helpers/seed-memory.ts';
import { createTestDeps } from '../helpers/worker-deps.ts';

const server = chromaForFile();

const TITLES = ['spool reader quarantines corrupt files', 'rate limiter for the login route'];
let collections = 0;

function recallAt(
  t: TestContext,
  url: string,
  embedder: Embedder = createHashEmbedder(64),
  collection = `faults-${process.pid}-${(collections += 1)}`,
) {
  const deps: WorkerDeps = createTestDeps(t, {
    settings: {
      'search.vectorStore': 'chroma',
      'search.chroma.url': url,
      'search.chroma.collection': collection,
      'search.minSimilarity': 0,
    },
  });
  for (const title of TITLES) seedObservation(deps.db, { title });
  const recall = createRecall(deps, { embedder });
  t.after(async () => {
    await recall.vectors?.runtime.stop();
    await recall.vectors?.chroma?.stop();
  });
  return { deps, recall };
}

const hybrid = (recall: ReturnType<typeof createRecall>) =>
  recall.searcher.search({
    query: 'login rate limit',
    filters: {},
    limit: 5,
    offset: 0,
    mode: 'hybrid',
  });

test('Chroma down: search notes that vectors were unavailable, status says so in our words', async (t) => {
  const url = `http://127.0.0.1:${await freePort()}`;
  const { recall } = recallAt(t, url);
  await recall.vectors?.runtime.drain();
  await assert.rejects(() => recall.vectors!.chroma!.drain());
  const result = await hybrid(recall);
  assert.equal(result.mode, 'fts');
  assert.equal(
    result.note,
    `vector store unreachable (cannot reach Chroma at ${url}: is the server running?): full-text results only`,
  );
  assert.equal(
    recall.status().store?.error,
    `cannot reach Chroma at ${url}: is the server running?`,
  );
});

test('Chroma answering garbage: no raw client error, a note on search, and the collection is never dropped', async (t) => {
  const proxy = await startChromaProxy(server.url);
  t.after(() => proxy.close());
  const { deps, recall } = recallAt(t, proxy.url);
  const name = deps.settings['search.chroma.collection'];
  const client = new ChromaClient({ host: '127.0.0.1', port: server.port });
  await client.createCollection({ name, embeddingFunction: null });
  proxy.mode = 'garbage';
  await recall.vectors?.runtime.drain();
  await assert.rejects(
    () => recall.vectors!.chroma!.drain(),
    /answered something that is not Chroma's API/,
  );
  const error = recall.status().store?.error ?? '';
  assert.match(
    error,
    new RegExp(`^the server at ${proxy.url} answered something that is not Chroma's API`),
  );
  assert.doesNotMatch(error, /Cannot read properties|embedding_function/);
  assert.match((await hybrid(recall)).note ?? '', /^vector store unreachable \(the server at /);
  assert.deepEqual(
    proxy.requests.filter((line) => line.startsWith('DELETE')),
    [],
  );
  proxy.mode = 'forward';
  await recall.vectors!.chroma!.drain();
  const collection = await client.getOrCreateCollection({ name, embeddingFunction: null });
  assert.deepEqual(
    [await collection.count(), recall.status().store?.reachable],
    [TITLES.length, true],
  );
  assert.deepEqual(
    proxy.requests.filter((line) => line.startsWith('DELETE')),
    [],
  );
});

test("a collection holding another model's vectors is emptied and refilled with ours", async (t) => {
  const first = recallAt(t, server.url, createHashEmbedder(64));
  await first.recall.vectors?.runtime.drain();
  await first.recall.vectors?.chroma?.drain();
  const name = first.deps.settings['search.chroma.collection'];
  await first.recall.vectors?.chroma?.stop();
  const { recall } = recallAt(t, server.url, createHashEmbedder(32), name);
  await recall.vectors?.runtime.drain();
  await recall.vectors?.chroma?.drain();
  const client = new ChromaClient({ host: '127.0.0.1', port: server.port });
  const collection = await client.getOrCreateCollection({ name, embeddingFunction: null });
  assert.deepEqual(
    [await collection.count(), collection.metadata?.claude_mem_model],
    [TITLES.length, 'hash-v2-32'],
  );
});
