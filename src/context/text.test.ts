import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clip, dayOf, timeOf } from './text.ts';

test('clip makes one line and cuts long text at a word boundary with an ellipsis', () => {
  assert.equal(clip('  two\nlines\t here ', 50), 'two lines here');
  assert.equal(clip('the quick brown fox jumps', 16), 'the quick brown…');
  assert.equal(clip('x'.repeat(30), 10), `${'x'.repeat(9)}…`);
});

test('clip never splits a surrogate pair', () => {
  const clipped = clip('🙂'.repeat(20), 5);
  assert.equal(clipped, `${'🙂'.repeat(4)}…`);
});

test('dayOf and timeOf format local time', () => {
  const at = new Date(2025, 0, 5, 7, 3).getTime();
  assert.deepEqual([dayOf(at), timeOf(at)], ['2025-01-05', '07:03']);
});
