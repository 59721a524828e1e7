import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CompressionStatus } from '../../worker/compression/compress-status.ts';
import { formatStatus } from './status-command.ts';

const STATUS: CompressionStatus = {
  provider: 'openai',
  selected: 'openai',
  configured: 'openai',
  model: 'tiny',
  reason: 'compress.provider is openai (http://127.0.0.1:11434/v1)',
  budgetExhausted: false,
  events: { compressed: 14, failed: 2 },
  problems: [
    { outcome: 'fell-back', reason: 'openai (tiny) gave unusable output twice', events: 12 },
    { outcome: 'failed', reason: 'openai (tiny at x) unreachable', events: 2 },
  ],
  turns: { compressed: 3 },
  today: { day: '2026-11-24', usage: [] },
  budget: [],
};

test('status counts the events of each fallback and failure reason under the event states', () => {
  const lines = formatStatus(STATUS);
  assert.deepEqual(lines.slice(2, 5), [
    'events: 0 pending, 14 compressed, 0 skipped, 2 failed',
    '  12 fell back to the next provider: openai (tiny) gave unusable output twice',
    '  2 failed: openai (tiny at x) unreachable',
  ]);
});
