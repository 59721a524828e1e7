import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reciprocalRankFusion } from './rrf.ts';

test('an id ranked well in both lists beats ids at the top of only one', () => {
  const fused = reciprocalRankFusion([
    [1, 2, 3],
    [4, 2, 5],
  ]);
  assert.equal(fused[0]?.id, 2);
  assert.deepEqual(new Set(fused.map((hit) => hit.id)), new Set([1, 2, 3, 4, 5]));
});

test('scores are the sum of 1 / (k + rank)', () => {
  const [first] = reciprocalRankFusion([[7], [7]], 60);
  assert.equal(first?.score, 2 / 61);
});

test('ties keep the order of first appearance; empty lists give nothing', () => {
  assert.deepEqual(
    reciprocalRankFusion([[1], [2]]).map((hit) => hit.id),
    [1, 2],
  );
  assert.deepEqual(reciprocalRankFusion([[], []]), []);
});
