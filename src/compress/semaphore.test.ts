import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSemaphore } from './semaphore.ts';

test('never runs more than the limit at once, and runs everything', async () => {
  const semaphore = createSemaphore(2);
  let running = 0;
  let peak = 0;
  const task = async (n: number) => {
    running += 1;
    peak = Math.max(peak, running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running -= 1;
    return n;
  };
  const results = await Promise.all([1, 2, 3, 4, 5].map((n) => semaphore.run(() => task(n))));
  assert.deepEqual([results, peak, semaphore.active()], [[1, 2, 3, 4, 5], 2, 0]);
});

test('a failing task releases its place', async () => {
  const semaphore = createSemaphore(1);
  await assert.rejects(semaphore.run(() => Promise.reject(new Error('x'))));
  assert.equal(await semaphore.run(async () => 'next'), 'next');
});
