import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newestWins, recallTruth } from './newest-wins.ts';

const entry = (id: number, title: string, at: number, more: Record<string, unknown> = {}) => ({
  id,
  title,
  created_at: at,
  ...more,
});

test('a superseded result goes right below its successor, or last when it is absent', () => {
  const items = [
    entry(1, 'Dev server runs on port 5173', 1, { superseded_by: 3, superseded_at: 30 }),
    entry(2, 'Fixed the cart total', 2),
    entry(3, 'Dev server moved to port 3000', 3),
    entry(4, 'Project uses react 17.0.2', 4, { superseded_by: 9, superseded_at: 90 }),
  ];
  const { items: ordered, older } = newestWins(items);
  assert.deepEqual(
    ordered.map((item) => item.id),
    [2, 3, 1, 4],
  );
  assert.deepEqual(older.get(1), { by: 3, at: 30, stored: true });
});

test('several results on one subject without a link: the newest first, the others older', () => {
  const { items, older } = newestWins([
    entry(1, 'LOG_LEVEL=debug', 10),
    entry(2, 'LOG_LEVEL=warn', 20),
  ]);
  assert.deepEqual(
    items.map((item) => item.id),
    [2, 1],
  );
  assert.deepEqual(older.get(1), { by: 2, at: 20, stored: false });
});

test('recall leaves superseded ones out and marks hypotheses and older ones', () => {
  const marks = new Map<number, string>();
  const kept = recallTruth(
    [
      entry(1, 'LOG_LEVEL=debug', 10, { known: 'verified' }),
      entry(2, 'Guess: the cache is cold', 20, { known: 'hypothesis' }),
      entry(3, 'LOG_LEVEL=warn', 30, { known: 'verified' }),
      entry(4, 'Old port', 5, { superseded_by: 9 }),
    ],
    marks,
  );
  assert.deepEqual(
    kept.map((item) => item.id),
    [3, 1, 2],
  );
  assert.deepEqual(
    [...marks.entries()],
    [
      [1, '↓'],
      [2, '?'],
    ],
  );
});
