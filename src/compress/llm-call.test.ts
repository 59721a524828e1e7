import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { reply, startFakeAnthropic } from '../../test/helpers/fake-anthropic.ts';
import { compressEvent, TEST_LIMITS } from '../../test/helpers/llm-script.ts';
import { createMemoryBudget } from './budget.ts';
import { createLlmCompressor } from './llm-compressor.ts';
import { createAnthropicTransport } from './providers/anthropic.ts';
import type { TurnBatch } from './types.ts';

const limits = { ...TEST_LIMITS, timeoutMs: 10_000, retries: 2, retryBaseMs: 200 };

const turn = (prompt: string): TurnBatch => ({
  project: 'app',
  root: '/app',
  promptNumber: 1,
  prompt,
  events: [compressEvent()],
});

/**
 * A clock that moves only when the compressor sleeps, at the end of the sleep (after a real
 * pause, so that another turn could send in the meantime); the waits are recorded.
 */
function fakeClock() {
  let time = 0;
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    const from = time;
    waits.push(ms);
    await new Promise((done) => setTimeout(done, 50));
    time = Math.max(time, from + ms);
  };
  return { now: () => time, sleep, waits };
}

/**
 * An Anthropic compressor on the fake clock whose first request gets a 429 with Retry-After
 * `seconds`; every later request is answered with a skip and its send time recorded.
 */
async function throttled(t: TestContext, seconds: number, options: { random?: () => number } = {}) {
  const fake = await startFakeAnthropic();
  t.after(() => fake.close());
  const clock = fakeClock();
  const sentAt: number[] = [];
  fake.enqueue(reply.error(429, { retryAfterSeconds: seconds }));
  fake.respondWith(() => {
    sentAt.push(clock.now());
    return reply.text('<skip>read only</skip>');
  });
  const transport = createAnthropicTransport({ apiKey: 'k', model: 'm', baseURL: fake.url });
  const compressor = createLlmCompressor(transport, {
    limits,
    budget: createMemoryBudget(),
    now: clock.now,
    sleep: clock.sleep,
    ...options,
  });
  return { fake, clock, sentAt, compressor };
}

test('after a 429 with Retry-After 5 no request of the provider goes out sooner, from any turn', async (t) => {
  const { fake, clock, sentAt, compressor } = await throttled(t, 5, { random: () => 0 });
  const results = await Promise.all([
    compressor.compressTurn(turn('first turn')),
    compressor.compressTurn(turn('second turn')),
  ]);
  assert.equal(fake.messageRequests().length, 3);
  assert.deepEqual(
    results.map((result) => result.observations.length),
    [0, 0],
  );
  assert.equal(sentAt.length, 2);
  assert.ok(
    sentAt.every((at) => at >= 5000),
    `sent at ${sentAt.join(', ')} ms`,
  );
  assert.ok(clock.waits.includes(5000), `waits ${clock.waits.join(', ')}`);
});

test('a Retry-After too long to wait for fails its turn at once and still holds the others back', async (t) => {
  const { sentAt, compressor } = await throttled(t, 60);
  const [first, second] = await Promise.allSettled([
    compressor.compressTurn(turn('first turn')),
    compressor.compressTurn(turn('second turn')),
  ]);
  assert.equal(first.status, 'rejected');
  assert.equal(second.status, 'fulfilled');
  assert.deepEqual(sentAt, [60_000]);
});
