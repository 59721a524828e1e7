import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CompressError, loggable } from './compress-error.ts';
import { statusError } from './providers/http-status.ts';
import { withRetries } from './retry.ts';

test('a provider error keeps its words for the user and out of the log', async () => {
  const echo = 'you sent: SECRET-CONTENT from the transcript';
  let calls = 0;
  const error = await withRetries(
    () => {
      calls += 1;
      return Promise.reject(statusError('anthropic (haiku)', 500, echo));
    },
    { retries: 1, baseMs: 1, sleep: () => Promise.resolve(), random: () => 0 },
  ).catch((e: unknown) => e);
  assert.equal(calls, 2);
  assert.ok(error instanceof CompressError);
  assert.equal(error.message, `anthropic (haiku) answered 500 (after 2 tries): ${echo}`);
  assert.equal(loggable(error), 'anthropic (haiku) answered 500 (after 2 tries)');
  assert.equal(loggable(new Error('a bug of ours')), 'a bug of ours');
});
