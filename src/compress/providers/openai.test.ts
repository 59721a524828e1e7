import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { chatReply, startFakeOpenAi } from '../../../test/helpers/fake-openai.ts';
import { NEVER_ABORTED, PLAIN_REQUEST } from '../../../test/helpers/llm-script.ts';
import { serverForTest } from '../../../test/helpers/server-for-test.ts';
import { createMemoryBudget } from '../budget.ts';
import { createLlmCompressor } from '../llm-compressor.ts';
import { createOpenAiTransport } from './openai.ts';

const fakeServer = (t: TestContext) => serverForTest(t, startFakeOpenAi);

const request = PLAIN_REQUEST;
const never = NEVER_ABORTED;

test('posts a chat completion with the system message first and reads text and usage', async (t) => {
  const fake = await fakeServer(t);
  fake.enqueue(chatReply.text('<skip>nothing</skip>'));
  const transport = createOpenAiTransport({
    baseUrl: fake.url,
    model: 'qwen2.5-coder',
    apiKey: 'sk-test',
  });
  const answer = await transport.complete(request, never);
  const [recorded] = fake.chatRequests();
  assert.deepEqual((recorded?.json as { messages: unknown }).messages, [
    { role: 'system', content: 'You record memory.' },
    { role: 'user', content: 'events here' },
  ]);
  assert.equal(recorded?.headers.authorization, 'Bearer sk-test');
  assert.deepEqual(
    [answer.text, answer.tokensIn, answer.tokensOut, answer.truncated],
    ['<skip>nothing</skip>', 8, 5, false],
  );
});

test('a server without usage (some local ones) is counted with the estimate; no key, no header', async (t) => {
  const fake = await fakeServer(t);
  fake.enqueue(chatReply.text('abc', { noUsage: true, finishReason: 'length' }));
  const answer = await createOpenAiTransport({ baseUrl: fake.url, model: 'm' }).complete(
    request,
    never,
  );
  assert.deepEqual([answer.tokensIn > 0, answer.tokensOut, answer.truncated], [true, 1, true]);
  assert.equal(fake.chatRequests()[0]?.headers.authorization, undefined);
});

test('429 and 5xx are transient, 404 permanent, an unreachable server transient', async (t) => {
  const fake = await fakeServer(t);
  fake.enqueue(
    chatReply.error(429, { retryAfterSeconds: 2 }),
    chatReply.error(503),
    chatReply.error(404, { message: 'model not found' }),
  );
  const transport = createOpenAiTransport({ baseUrl: fake.url, model: 'm' });
  await assert.rejects(transport.complete(request, never), {
    transient: true,
    retryAfterSeconds: 2,
  });
  await assert.rejects(transport.complete(request, never), {
    transient: true,
    message: /answered 503/,
  });
  await assert.rejects(transport.complete(request, never), {
    transient: false,
    message: /404 \(check the model and base URL\): model not found/,
  });
  const closed = createOpenAiTransport({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm' });
  await assert.rejects(closed.complete(request, never), {
    transient: true,
    message: /unreachable/,
  });
});

test('the openai provider compresses a batch end to end against the fake server', async (t) => {
  const fake = await fakeServer(t);
  fake.enqueue(
    chatReply.text(
      'Sure!\n<observation><type>feature</type><title>Added a.ts</title><files_modified><file>/app/a.ts</file></files_modified></observation>',
    ),
  );
  const compressor = createLlmCompressor(createOpenAiTransport({ baseUrl: fake.url, model: 'm' }), {
    limits: {
      maxInputTokens: 6000,
      maxOutputTokens: 500,
      fieldChars: 500,
      timeoutMs: 2000,
      retries: 0,
      retryBaseMs: 1,
      concurrency: 1,
    },
    budget: createMemoryBudget(),
  });
  const event = {
    id: 9,
    toolName: 'Write',
    input: { file_path: '/app/a.ts', content: 'x' },
    response: null,
    error: null,
    failed: false,
    agentId: null,
    at: 0,
  };
  const result = await compressor.compressTurn({
    project: 'app',
    root: '/app',
    promptNumber: 1,
    prompt: null,
    events: [event],
  });
  assert.deepEqual(
    result.observations.map((o) => [o.title, o.filesModified, o.sourceEventIds]),
    [['Added a.ts', ['a.ts'], [9]]],
  );
});
