import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reply, startFakeAnthropic } from '../../test/helpers/fake-anthropic.ts';
import { createMemoryBudget } from './budget.ts';
import { createLlmCompressor, type LlmLimits } from './llm-compressor.ts';
import { createAnthropicTransport } from './providers/anthropic.ts';
import type { TurnBatch } from './types.ts';

const limits: LlmLimits = {
  maxInputTokens: 4000,
  maxOutputTokens: 500,
  fieldChars: 500,
  timeoutMs: 10_000,
  retries: 2,
  retryBaseMs: 200,
  concurrency: 1,
};

const turn = (prompt: string): TurnBatch => ({
  project: 'app',
  root: '/app',
  promptNumber: 1,
  prompt,
  events: [
    {
      id: 1,
      toolName: 'Read',
      input: { file_path: '/app/a.ts' },
      response: null,
      error: null,
      failed: false,
      agentId: null,
      at: 0,
    },
  ],
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

test('after a 429 with Retry-After 5 no request of the provider goes out sooner, from any turn', async (t) => {
  const fake = await startFakeAnthropic();
  t.after(() => fake.close());
  const clock = fakeClock();
  const sentAt: number[] = [];
  fake.enqueue(reply.error(429, { retryAfterSeconds: 5 }));
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
    random: () => 0,
  });
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
  const fake = await startFakeAnthropic();
  t.after(() => fake.close());
  const clock = fakeClock();
  const sentAt: number[] = [];
  fake.enqueue(reply.error(429, { retryAfterSeconds: 60 }));
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
  });
  const [first, second] = await Promise.allSettled([
    compressor.compressTurn(turn('first turn')),
    compressor.compressTurn(turn('second turn')),
  ]);
  assert.equal(first.status, 'rejected');
  assert.equal(second.status, 'fulfilled');
  assert.deepEqual(sentAt, [60_000]);
});
