import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPoller } from './poller.ts';

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));

test('kicks during a run coalesce into exactly one more run', async () => {
  let runs = 0;
  let release: () => void = () => undefined;
  const poller = createPoller({
    run: () => {
      runs += 1;
      return new Promise<void>((resolve) => (release = resolve));
    },
    intervalMs: 60_000,
    onError: () => undefined,
  });
  poller.kick();
  poller.kick();
  poller.kick();
  release();
  await tick();
  release();
  await tick();
  assert.equal(runs, 2);
  await poller.stop();
});

test('after a failure, kicks are ignored until the backoff has passed', async () => {
  let clock = 0;
  const errors: unknown[] = [];
  let runs = 0;
  const poller = createPoller({
    run: () => {
      runs += 1;
      return Promise.reject(new Error('down'));
    },
    intervalMs: 100,
    onError: (error) => errors.push(error),
    now: () => clock,
  });
  poller.kick();
  await tick();
  poller.kick();
  await tick();
  assert.deepEqual([runs, errors.length], [1, 1]);
  clock = 200;
  poller.kick();
  await tick();
  assert.equal(runs, 2);
  await poller.stop();
});

test('stop waits for the run in flight and no run starts after it', async () => {
  let finished = false;
  let runs = 0;
  const poller = createPoller({
    run: async () => {
      runs += 1;
      await tick();
      finished = true;
    },
    intervalMs: 60_000,
    onError: () => undefined,
  });
  poller.start();
  await poller.stop();
  poller.kick();
  assert.deepEqual([finished, runs], [true, 1]);
});
