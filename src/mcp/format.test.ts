import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatObservations, formatSearch, formatTimeline } from './format.ts';

const item = {
  id: 3,
  date: '2025-01-02T03:04:05.000Z',
  type: 'decision',
  title: 'Use pnpm',
  project: 'p',
  tokens: 9,
  pinned: true,
};

test('search: a line per hit, singular and plural, the next step and the next page', () => {
  const one = formatSearch([item], { mode: 'fts', hasMore: false, offset: 0, scope: 'project p' });
  assert.match(
    one,
    /^1 observation \(project p, ranked by fts\); dates UTC:\n#3 {2}2025-01-02 03:04 {2}decision {2}\[pinned\] Use pnpm {2}\(~9 tokens\)\n\nNext: timeline/,
  );
  const more = formatSearch([item, { ...item, id: 4 }], {
    mode: 'hybrid',
    hasMore: true,
    offset: 10,
    scope: 'all projects',
  });
  assert.match(more, /^2 observations [^]*offset=12\./);
  assert.equal(
    formatSearch([], { mode: 'fts', hasMore: false, offset: 0, scope: 'project p' }),
    'No observations found (project p).',
  );
  assert.equal(
    formatSearch([], {
      mode: 'hybrid',
      hasMore: false,
      offset: 0,
      scope: 'all projects',
      query: 'zzzqqq',
    }),
    'No observations match "zzzqqq" (all projects, hybrid): nothing holds these words or is close in meaning.',
  );
});

test('timeline marks the anchor and names prompts and summaries by kind', () => {
  const text = formatTimeline('p', '3', [
    { ref: 'P1', kind: 'prompt', date: item.date, type: '', title: 'fix it', anchor: false },
    {
      ref: '3',
      kind: 'observation',
      date: item.date,
      type: 'bugfix',
      title: 'fixed',
      anchor: true,
    },
  ]);
  assert.match(
    text,
    /\n {2}P1 +2025-01-02 03:04 {2}prompt +fix it\n> #3 +2025-01-02 03:04 {2}bugfix +fixed\n/,
  );
});

test('full records list only what they have, and the ids not found', () => {
  const text = formatObservations(
    [
      {
        ...item,
        pinned: false,
        subtitle: '',
        narrative: '',
        facts: [],
        concepts: [],
        files_read: [],
        files_modified: ['a.ts'],
        session_id: null,
      },
    ],
    [7],
  );
  assert.equal(
    text,
    '#3 decision: Use pnpm\nDate: 2025-01-02 03:04 UTC  Project: p\nFiles modified: a.ts\n\nNot found: #7',
  );
});
