import assert from 'node:assert/strict';
import { test } from 'node:test';
import { closest, didYouMean, editDistance } from './suggest.ts';

test('editDistance counts inserts, deletes and substitutions', () => {
  assert.deepEqual(
    [editDistance('serch', 'search'), editDistance('search', 'search'), editDistance('', 'abc')],
    [1, 0, 3],
  );
  assert.equal(editDistance('kitten', 'sitting'), 3);
});

test('closest picks the nearest typo and ignores far-off words', () => {
  assert.equal(closest('serch', ['status', 'search', 'doctor']), 'search');
  assert.equal(closest('--limt', ['--limit', '--all']), '--limit');
  assert.equal(closest('bugfx', ['bugfix', 'feature']), 'bugfix');
  assert.equal(closest('zzzzzz', ['search', 'status']), undefined);
  assert.equal(closest('comp', ['compress.provider', 'worker.port']), 'compress.provider');
});

test('didYouMean says the suggestion as a sentence, or nothing', () => {
  assert.equal(didYouMean('doctr', ['doctor']), ' Did you mean "doctor"?');
  assert.equal(didYouMean('xyz', ['doctor']), '');
});
