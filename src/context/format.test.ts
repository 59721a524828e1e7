import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { IndexEntry, SummaryRow } from '../store/index.ts';
import { entryLine, renderContext } from './format.ts';
import type { ContextData } from './select.ts';

const AT = new Date(2025, 4, 31, 14, 5).getTime();

const entry = (over: Partial<IndexEntry> = {}): IndexEntry => ({
  id: 123,
  session_row_id: 1,
  type: 'bugfix',
  title: 'Fix the spool race',
  pinned: 0,
  created_at: AT,
  detail_chars: 480,
  ...over,
});

const summary = (text: string): SummaryRow =>
  ({ id: 1, request: text, completed: text, next_steps: text, created_at: AT }) as SummaryRow;

const data = (over: Partial<ContextData> = {}): ContextData => ({
  project: 'alpha',
  kind: 'full',
  summary: undefined,
  ownSummary: false,
  entries: [],
  total: 1,
  ...over,
});

test('an index line: id, time, type icon, title and the tokens its details cost', () => {
  assert.equal(entryLine(entry()), '#123 14:05 🔴 Fix the spool race (~120)');
  assert.equal(
    entryLine(entry({ pinned: 1, type: 'other' })),
    '#123 2025-05-31 14:05 📌 • Fix the spool race (~120)',
  );
  assert.match(
    entryLine(entry({ title: `${'word '.repeat(60)}\nend` })),
    /^#123 14:05 🔴 (word ){20,}word… \(~120\)$/,
  );
});

test('a summary too long for a small budget is shortened, then left out', () => {
  const budget = { maxTokens: 300, maxObservations: 10, maxBytes: 8000 };
  const long = renderContext(
    data({ summary: summary('s'.repeat(290)) }),
    [entry()],
    budget,
    AT,
  ).text;
  assert.match(long, /Request: s{100,119}…?\n/);
  assert.ok(long.length / 4 <= 300);
  const tiny = renderContext(
    data({ summary: summary('s'.repeat(290)) }),
    [],
    { ...budget, maxTokens: 200 },
    AT,
  ).text;
  assert.doesNotMatch(tiny, /Request:/);
  assert.match(
    tiny,
    /^<claude-mem-context>\n# claude-mem: project alpha[^]*<\/claude-mem-context>$/,
  );
});

test('lines are added in rank order and never exceed the byte cap', () => {
  const ranked = Array.from({ length: 200 }, (_, i) =>
    entry({ id: i + 1, title: '東'.repeat(100), created_at: AT - i * 60_000 }),
  );
  const text = renderContext(
    data({ total: 200 }),
    ranked,
    { maxTokens: 2000, maxObservations: 200, maxBytes: 3000 },
    AT,
  ).text;
  assert.ok(Buffer.byteLength(text) <= 3000);
  const ids = [...text.matchAll(/^#(\d+) /gm)].map((m) => Number(m[1]));
  assert.deepEqual(
    [...ids].sort((a, b) => a - b),
    Array.from({ length: ids.length }, (_, i) => i + 1),
  );
});
