import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import {
  reply,
  startFakeAnthropic,
  type FakeAnthropic,
} from '../../../test/helpers/fake-anthropic.ts';
import { NEVER_ABORTED, PLAIN_REQUEST } from '../../../test/helpers/llm-script.ts';
import { serverForTest } from '../../../test/helpers/server-for-test.ts';
import { createMemoryBudget } from '../budget.ts';
import { createLlmCompressor } from '../llm-compressor.ts';
import type { TurnBatch } from '../types.ts';
import { createAnthropicTransport } from './anthropic.ts';

const fakeServer = (t: TestContext) => serverForTest(t, startFakeAnthropic);

const request = PLAIN_REQUEST;
const never = NEVER_ABORTED;
const transport = (fake: FakeAnthropic) =>
  createAnthropicTransport({ apiKey: 'k', model: 'claude-haiku-4-5', baseURL: fake.url });

test('sends the instructions as a cached system block and counts cache tokens as input', async (t) => {
  const fake = await fakeServer(t);
  fake.enqueue(reply.text('<skip>x</skip>'), reply.text('<skip>y</skip>'));
  const first = await transport(fake).complete(request, never);
  const second = await transport(fake).complete(request, never);
  const body = fake.messageRequests()[0]?.json as {
    system: unknown;
    max_tokens: number;
    stream?: boolean;
  };
  assert.deepEqual(body.system, [
    { type: 'text', text: 'You record memory.', cache_control: { type: 'ephemeral' } },
  ]);
  assert.deepEqual([body.max_tokens, body.stream ?? false], [300, false]);
  assert.deepEqual([first.text, first.tokensIn, first.tokensOut], ['<skip>x</skip>', 8, 4]);
  assert.equal(second.tokensIn, first.tokensIn);
});

for (const [name, next, expected] of [
  [
    '429',
    reply.error(429, { retryAfterSeconds: 3 }),
    { transient: true, retryAfterSeconds: 3, message: /answered 429: rate_limit_error/ },
  ],
  ['500', reply.error(500), { transient: true, message: /answered 500/ }],
  ['529 overloaded', reply.error(529), { transient: true, message: /answered 529/ }],
  [
    '401',
    reply.error(401),
    { transient: false, message: /answered 401 \(check the API key\): authentication_error/ },
  ],
  ['a reset connection', reply.reset(), { transient: true, message: /unreachable/ }],
] as const) {
  test(`${name} becomes PROVIDER_UNAVAILABLE (${expected.transient ? 'transient' : 'permanent'})`, async (t) => {
    const fake = await fakeServer(t);
    fake.enqueue(next);
    await assert.rejects(transport(fake).complete(request, never), {
      code: 'PROVIDER_UNAVAILABLE',
      ...expected,
    });
  });
}

const batch: TurnBatch = {
  project: 'app',
  root: '/app',
  promptNumber: 1,
  prompt: 'fix it',
  events: [
    {
      id: 5,
      toolName: 'Edit',
      input: { file_path: '/app/a.ts', old_string: 'a', new_string: 'b' },
      response: null,
      error: null,
      failed: false,
      agentId: null,
      at: 0,
    },
  ],
};
const limits = {
  maxInputTokens: 6000,
  maxOutputTokens: 500,
  fieldChars: 500,
  timeoutMs: 500,
  retries: 2,
  retryBaseMs: 1,
  concurrency: 1,
};

test('through the compressor: malformed XML is corrected once, 500s are retried', async (t) => {
  const fake = await fakeServer(t);
  fake.enqueue(
    reply.error(500),
    reply.text('<observation><type>bugfix'),
    reply.text('<observation><type>bugfix</type><title>Fixed a.ts</title></observation>'),
  );
  const budget = createMemoryBudget();
  const result = await createLlmCompressor(transport(fake), { limits, budget }).compressTurn(batch);
  assert.deepEqual(
    result.observations.map((o) => [o.type, o.title, o.sourceEventIds]),
    [['bugfix', 'Fixed a.ts', [5]]],
  );
  assert.equal(fake.messageRequests().length, 3);
  assert.deepEqual([budget.calls.length, result.usage.calls], [2, 2]);
});

test('through the compressor: a slow answer past the timeout is a transient timeout', async (t) => {
  const fake = await fakeServer(t);
  fake.enqueue(reply.slow(2000, 'late'), reply.slow(2000, 'late'), reply.slow(2000, 'late'));
  await assert.rejects(
    createLlmCompressor(transport(fake), { limits, budget: createMemoryBudget() }).compressTurn(
      batch,
    ),
    {
      transient: true,
      message: 'anthropic (claude-haiku-4-5) timed out after 500 ms (after 3 tries)',
    },
  );
});
