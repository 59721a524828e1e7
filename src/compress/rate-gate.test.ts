import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRateGate } from './rate-gate.ts';

/** A clock that only moves when someone sleeps on it. */
function fakeClock() {
  let time = 0;
  const sleeps: number[] = [];
  return {
    now: () => time,
    sleeps,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      time += ms;
    },
  };
}

test('an open gate lets calls through without sleeping', async () => {
  const clock = fakeClock();
  await createRateGate(clock.now, clock.sleep).wait();
  assert.deepEqual(clock.sleeps, []);
});

test('a held gate makes every waiter sleep until its deadline', async () => {
  const clock = fakeClock();
  const gate = createRateGate(clock.now, clock.sleep);
  gate.holdFor(5000);
  await gate.wait();
  assert.equal(clock.now(), 5000);
  await gate.wait();
  assert.deepEqual(clock.sleeps, [5000]);
});

test('a later deadline set while waiting is waited for too; an earlier one changes nothing', async () => {
  const clock = fakeClock();
  const gate = createRateGate(clock.now, async (ms) => {
    await clock.sleep(ms);
    if (clock.sleeps.length === 1) gate.holdFor(2000);
  });
  gate.holdFor(1000);
  gate.holdFor(500);
  await gate.wait();
  assert.deepEqual([clock.sleeps, clock.now()], [[1000, 2000], 3000]);
});

test('an aborted signal ends the wait at once', async () => {
  const gate = createRateGate(Date.now, () => new Promise(() => undefined));
  gate.holdFor(60_000);
  const controller = new AbortController();
  const waiting = gate.wait(controller.signal);
  controller.abort();
  await waiting;
  assert.equal(controller.signal.aborted, true);
});
