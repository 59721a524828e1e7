import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatObservations, formatSearch, type ObservationDetail } from './format.ts';

const record: ObservationDetail = {
  id: 7,
  date: '2026-01-02T03:04:05.000Z',
  type: 'change',
  title: 'b now uses a',
  subtitle: '',
  narrative: '',
  facts: [],
  concepts: [],
  files_read: ['a.ts'],
  files_modified: ['b.ts'],
  project: 'repo',
  session_id: null,
  pinned: false,
  anchor: {
    state: 'changed',
    files: [
      { path: 'a.ts', state: 'fresh', movedTo: 'a2.ts' },
      { path: 'b.ts', state: 'changed', lineDelta: 2 },
    ],
  },
};

test('get_observations says which files changed since the memory was made', () => {
  assert.match(
    formatObservations([record], []),
    /\nCode: CHANGED since this was recorded: b\.ts \(\+2 lines\)\. Re-read before relying on it\.$/,
  );
  const fresh: ObservationDetail = { ...record, anchor: { state: 'fresh', files: [] } };
  assert.match(formatObservations([fresh], []), /\nCode: unchanged since this was recorded\.$/);
  assert.doesNotMatch(formatObservations([{ ...record, anchor: null }], []), /Code:/);
});

test('a search line whose code changed carries the changed files', () => {
  const item = { ...record, tokens: 10 };
  const text = formatSearch([item], {
    mode: 'fts',
    hasMore: false,
    offset: 0,
    scope: 'project repo',
  });
  assert.match(text, /b now uses a {2}\(~10 tokens\) {2}\[code changed: b\.ts \(\+2 lines\)\]/);
});
