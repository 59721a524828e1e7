import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { IndexEntry } from '../store/index.ts';
import { rankEntries } from './rank.ts';

const HOUR = 3_600_000;
const entry = (id: number, type: string, hoursAgo: number, pinned = 0): IndexEntry => ({
  id,
  session_row_id: null,
  type,
  title: `t${id}`,
  pinned,
  created_at: 100 * HOUR - hoursAgo * HOUR,
  detail_chars: 0,
});

test('pinned first, then recency shifted by importance: a recent decision beats a newer change', () => {
  const ranked = rankEntries([
    entry(1, 'change', 1),
    entry(2, 'decision', 20),
    entry(3, 'change', 50, 1),
    entry(4, 'discovery', 2),
    entry(5, 'decision', 60),
  ]);
  assert.deepEqual(
    ranked.map((e) => e.id),
    [3, 2, 4, 1, 5],
  );
});
