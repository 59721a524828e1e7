import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CompressError, unavailable } from './compress-error.ts';
import { backoffMs, withRetries } from './retry.ts';

function recorder() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

test('transient errors are retried with doubling waits, then the last error names the tries', async () => {
  const { waits, sleep } = recorder();
  let calls = 0;
  const failing = async () => {
    calls += 1;
    throw unavailable('anthropic answered 500');
  };
  await assert.rejects(withRetries(failing, { retries: 2, baseMs: 100, sleep, random: () => 1 }), {
    code: 'PROVIDER_UNAVAILABLE',
    message: 'anthropic answered 500 (after 3 tries)',
  });
  assert.deepEqual([calls, waits], [3, [100, 200]]);
});

test('a success after a failure returns the result', async () => {
  const { sleep } = recorder();
  let calls = 0;
  const flaky = async () => (++calls === 1 ? Promise.reject(unavailable('429')) : 'ok');
  assert.equal(await withRetries(flaky, { retries: 3, baseMs: 1, sleep }), 'ok');
});

test('errors that are not transient are not retried', async () => {
  let calls = 0;
  const bad = async () => {
    calls += 1;
    throw new CompressError('BUDGET_SPENT', 'spent');
  };
  await assert.rejects(withRetries(bad, { retries: 5, baseMs: 1 }), { code: 'BUDGET_SPENT' });
  assert.equal(calls, 1);
});

test('Retry-After is honoured, and one longer than maxMs ends the retries at once', async () => {
  const { waits, sleep } = recorder();
  let calls = 0;
  const limited = async (n: number) => {
    calls += 1;
    throw unavailable('429', { retryAfterSeconds: n === 0 ? 2 : 120 });
  };
  await assert.rejects(
    withRetries(limited, { retries: 5, baseMs: 10, maxMs: 30_000, sleep, random: () => 0 }),
  );
  assert.deepEqual([calls, waits], [2, [2000]]);
});

test('jitter scales the wait to between half and all of it', () => {
  const options = { retries: 1, baseMs: 1000 };
  assert.equal(backoffMs(0, { ...options, random: () => 0 }), 500);
  assert.equal(backoffMs(1, { ...options, random: () => 1 }), 2000);
});

test('Retry-After is a floor: jitter only lengthens it, up to a quarter', () => {
  const options = { retries: 1, baseMs: 100 };
  assert.equal(backoffMs(0, { ...options, random: () => 0 }, 5), 5000);
  assert.equal(backoffMs(0, { ...options, random: () => 0.5 }, 5), 5625);
  assert.equal(backoffMs(3, { ...options, random: () => 1 }, 5), 6250);
  assert.equal(backoffMs(0, { ...options, random: () => 1, maxMs: 5500 }, 5), 5500);
});
