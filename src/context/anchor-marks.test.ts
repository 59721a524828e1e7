import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AnchorState } from '../anchors/index.ts';
import type { IndexEntry } from '../store/index.ts';
import { applyAnchorStates, marksLegend } from './anchor-marks.ts';
import { renderContext } from './format.ts';
import { rankEntries } from './rank.ts';

const HOUR = 3_600_000;
const entry = (id: number, hoursAgo: number, pinned = 0): IndexEntry => ({
  id,
  session_row_id: null,
  type: 'change',
  title: `t${id}`,
  pinned,
  created_at: 100 * HOUR - hoursAgo * HOUR,
  detail_chars: 0,
});

const states: Record<number, AnchorState> = {
  1: 'changed',
  2: 'fresh',
  3: 'gone',
  4: 'gone',
  5: 'unknown',
};
const lookup = (ids: readonly number[]) =>
  new Map(ids.flatMap((id) => (states[id] ? [[id, states[id]] as const] : [])));

test('gone memories leave unless pinned; changed ones are marked and rank below every fresh one', () => {
  const entries = [
    entry(1, 1),
    entry(2, 50),
    entry(3, 2),
    entry(4, 90, 1),
    entry(5, 60),
    entry(6, 70),
  ];
  const anchored = applyAnchorStates(entries, lookup);
  assert.deepEqual(
    anchored.entries.map((e) => e.id),
    [1, 2, 4, 5, 6],
  );
  assert.deepEqual(
    [...anchored.marks],
    [
      [1, '⚠'],
      [4, '✗'],
    ],
  );
  assert.deepEqual(
    rankEntries(anchored.entries, anchored.marks).map((e) => e.id),
    [4, 2, 5, 6, 1],
  );
  assert.match(
    marksLegend(anchored.marks) ?? '',
    /^⚠ = its code changed since.*✗ = its files are gone$/,
  );
});

test('without anchor states nothing is marked and the legend says nothing more', () => {
  const anchored = applyAnchorStates([entry(1, 1)]);
  assert.deepEqual([anchored.entries.length, anchored.marks.size], [1, 0]);
  assert.equal(marksLegend(anchored.marks), undefined);
});

test('the legend explains the mark only when a marked line made it into the context', () => {
  const data = {
    project: 'p',
    kind: 'full' as const,
    summary: undefined,
    ownSummary: false,
    entries: [],
    total: 2,
  };
  const budget = { maxTokens: 1500, maxObservations: 1, maxBytes: 8000 };
  const marks = new Map([[1, '⚠']]);
  const cut = renderContext(data, [entry(2, 5), entry(1, 1)], budget, 100 * HOUR, marks).text;
  assert.doesNotMatch(cut, /⚠/);
  const shown = renderContext(data, [entry(1, 1), entry(2, 5)], budget, 100 * HOUR, marks).text;
  assert.match(shown, /⚠ = its code changed since/);
  assert.match(shown, /#1 \S+ ✅ ⚠ t1/);
});
