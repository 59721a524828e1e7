import assert from 'node:assert/strict';
import { test } from 'node:test';
import { observationBody } from '../../test/helpers/llm-script.ts';
import { contentHash, observationType, toObservationDraft } from './normalize.ts';
import type { RawObservation } from './parse-output.ts';

const raw = (overrides: Partial<RawObservation> = {}): RawObservation => ({
  type: 'bugfix',
  ...observationBody('Fixed it'),
  searchKeys: '',
  ...overrides,
});

test('known types pass, synonyms map, anything else becomes change', () => {
  assert.deepEqual(
    ['Bugfix', ' feature ', 'fix', 'Refactoring', 'research', 'banana', ''].map(observationType),
    ['bugfix', 'feature', 'bugfix', 'refactor', 'discovery', 'change', 'change'],
  );
});

test('paths become relative to the root, lists lose blanks and duplicates', () => {
  const draft = toObservationDraft(
    raw({
      filesModified: ['/work/app/src/a.ts', 'src/a.ts', './src/b.ts', ' '],
      facts: ['x', 'x', ''],
    }),
    '/work/app',
    [7],
  );
  assert.deepEqual(
    [draft.filesModified, draft.facts, draft.sourceEventIds],
    [['src/a.ts', 'src/b.ts'], ['x'], [7]],
  );
});

test('a missing title is taken from the subtitle, a fact or the narrative', () => {
  assert.equal(
    toObservationDraft(raw({ title: '', facts: ['first fact'] }), '/', []).title,
    'first fact',
  );
});

test('the content hash ignores case, white space and the order of facts and files', () => {
  const a = toObservationDraft(
    raw({ title: 'Fixed  Login', facts: ['b', 'a'], filesRead: ['x', 'y'] }),
    '/',
    [1],
  );
  const b = toObservationDraft(
    raw({ title: 'fixed login', facts: ['a', 'b'], filesRead: ['y', 'x'] }),
    '/',
    [2],
  );
  const c = toObservationDraft(raw({ title: 'fixed logout', facts: ['a', 'b'] }), '/', [2]);
  assert.equal(contentHash(a), contentHash(b));
  assert.notEqual(contentHash(a), contentHash(c));
});

test('search keys are kept on one line and cut to about 25 words', () => {
  const draft = toObservationDraft(raw({ searchKeys: '  ECONNREFUSED\n  worker down ' }), '/r', []);
  assert.equal(draft.searchKeys, 'ECONNREFUSED worker down');
  const long = toObservationDraft(raw({ searchKeys: 'word '.repeat(200) }), '/r', []);
  assert.ok(long.searchKeys!.length <= 300);
});
