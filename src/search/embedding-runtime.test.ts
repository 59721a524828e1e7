import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { recordingLogger } from '../../test/helpers/logger.ts';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { observationsMark, openDatabase, type Db } from '../store/index.ts';
import { createEmbeddingRuntime, type EmbeddingRuntimeOptions } from './embedding-runtime.ts';
import { EmbedderError, type Embedder } from './embedders/embedder.ts';
import { createHashEmbedder } from './embedders/hash-embedder.ts';
import { createVectorIndex } from './vector-index.ts';
import { loadSqliteVec } from './vector-space.ts';

/** The hash embedder, counting calls and failing while `failing` is set. */
function countingEmbedder(): Embedder & { calls: string[][]; failing: boolean } {
  const inner = createHashEmbedder(64);
  const embedder = {
    id: inner.id,
    calls: [] as string[][],
    failing: false,
    embed(texts: readonly string[]) {
      embedder.calls.push([...texts]);
      return embedder.failing
        ? Promise.reject(new EmbedderError('PROVIDER_UNAVAILABLE', 'endpoint down'))
        : inner.embed(texts);
    },
  };
  return embedder;
}

function setup(t: TestContext, overrides: Partial<EmbeddingRuntimeOptions> = {}) {
  const db: Db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  loadSqliteVec(db);
  const embedder = countingEmbedder();
  const log = recordingLogger();
  const runtime = createEmbeddingRuntime({
    index: createVectorIndex(db),
    embedder,
    changeMark: () => observationsMark(db),
    log,
    batchSize: 2,
    intervalMs: 10_000,
    ...overrides,
  });
  t.after(async () => {
    await runtime.stop();
    db.close();
  });
  return { db, embedder, runtime, log };
}

test('with no observations the model is never loaded and queries get no vector', async (t) => {
  const { embedder, runtime } = setup(t);
  await runtime.drain();
  assert.equal(await runtime.queryVector('anything'), undefined);
  await runtime.drain();
  assert.deepEqual(embedder.calls, []);
  assert.equal(runtime.status().state, 'idle');
});

test('drain embeds every observation in batches, newest first, and reports progress', async (t) => {
  const { db, embedder, runtime, log } = setup(t);
  for (const title of ['one', 'two', 'three']) seedObservation(db, { title });
  assert.deepEqual(runtime.status(), {
    state: 'idle',
    model: 'hash-v2-64',
    dimensions: null,
    embedded: 0,
    total: 3,
    switch: { from: null },
    vectorsInSearch: false,
  });
  await runtime.drain();
  assert.deepEqual(embedder.calls, [['warm up'], ['three', 'two'], ['one']]);
  assert.deepEqual(runtime.status(), {
    state: 'ready',
    model: 'hash-v2-64',
    dimensions: 64,
    embedded: 3,
    total: 3,
    vectorsInSearch: true,
  });
  assert.ok(log.lines.some((line) => line.message === 'embedding caught up: 3/3'));
});

test('once ready, a query gets a vector, cached for repeated queries', async (t) => {
  const { db, embedder, runtime } = setup(t);
  seedObservation(db, { title: 'one' });
  await runtime.drain();
  const before = embedder.calls.length;
  const first = await runtime.queryVector('spool');
  const second = await runtime.queryVector('spool');
  assert.equal(first?.length, 64);
  assert.equal(first, second);
  assert.equal(embedder.calls.length, before + 1);
});

test('a failing embedder is reported in the status and backs off; it recovers later', async (t) => {
  let clock = 1_000_000;
  const { db, embedder, runtime, log } = setup(t, { now: () => clock });
  seedObservation(db, { title: 'one' });
  embedder.failing = true;
  runtime.kick();
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(runtime.status().state, 'error');
  assert.equal(runtime.status().error, 'endpoint down');
  assert.ok(log.lines.some((line) => line.level === 'warn'));
  const calls = embedder.calls.length;
  runtime.kick();
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(embedder.calls.length, calls);
  embedder.failing = false;
  clock += 60 * 60_000;
  await runtime.drain();
  assert.equal(runtime.status().state, 'ready');
  assert.equal(runtime.status().error, undefined);
});
