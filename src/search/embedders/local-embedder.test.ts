import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EmbedderError } from './embedder.ts';
import { createLocalEmbedder } from './local-embedder.ts';

const dot = (a: Float32Array, b: Float32Array): number =>
  a.reduce((sum, x, i) => sum + x * b[i]!, 0);

test('the bundled model loads offline and gives 512-d unit vectors that capture meaning', async () => {
  const embedder = createLocalEmbedder();
  const [query, related, unrelated] = await embedder.embed([
    'how do I fix the database migration',
    'the sqlite schema upgrade failed',
    'my cat likes fish',
  ]);
  assert.equal(query?.length, 512);
  assert.ok(Math.abs(dot(query!, query!) - 1) < 1e-4);
  assert.ok(dot(query!, related!) > dot(query!, unrelated!) + 0.2);
});

test('a model that fails to load is PROVIDER_UNAVAILABLE and is tried again on the next call', async () => {
  let attempts = 0;
  const embedder = createLocalEmbedder(() => {
    attempts += 1;
    return attempts === 1
      ? Promise.reject(new Error('no wasm'))
      : Promise.resolve({ embed: (texts: string[]) => Promise.resolve(texts.map(() => [1, 0])) });
  });
  await assert.rejects(
    embedder.embed(['x']),
    (error: unknown) => error instanceof EmbedderError && error.code === 'PROVIDER_UNAVAILABLE',
  );
  const [vector] = await embedder.embed(['x']);
  assert.deepEqual([...vector!], [1, 0]);
  assert.equal(attempts, 2);
});
