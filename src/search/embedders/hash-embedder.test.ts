import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createHashEmbedder } from './hash-embedder.ts';

const dot = (a: Float32Array, b: Float32Array): number =>
  a.reduce((sum, x, i) => sum + x * b[i]!, 0);

test('vectors are deterministic, unit length and of the asked size', async () => {
  const embedder = createHashEmbedder(128);
  const [a, b] = await embedder.embed(['spool reader', 'spool reader']);
  assert.equal(a?.length, 128);
  assert.deepEqual(a, b);
  assert.ok(Math.abs(dot(a!, a!) - 1) < 1e-5);
  assert.equal(embedder.id, 'hash-v2-128');
});

test('texts sharing words are closer than unrelated ones; plurals share a stem', async () => {
  const [query, near, far] = await createHashEmbedder().embed([
    'database migrations',
    'the migration of the database failed',
    'my cat likes fish',
  ]);
  assert.ok(dot(query!, near!) > dot(query!, far!) + 0.2);
});

test('an empty text is a zero vector, and sizes not a power of two are refused', async () => {
  const [empty] = await createHashEmbedder(8).embed(['']);
  assert.deepEqual([...empty!], new Array(8).fill(0));
  assert.throws(() => createHashEmbedder(100), /power of two/);
  assert.throws(() => createHashEmbedder(4), /power of two/);
});

test('every dimension carries signal (the signs the KNN index keeps are informative)', async () => {
  const [vector] = await createHashEmbedder(256).embed(['spool reader quarantine']);
  const zeros = [...vector!].filter((x) => x === 0).length;
  assert.ok(zeros < 16, `${zeros} zero dimensions`);
});
