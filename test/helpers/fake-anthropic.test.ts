import Anthropic from '@anthropic-ai/sdk';
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { reply, startFakeAnthropic, type FakeAnthropic } from './fake-anthropic.ts';

async function setup(t: TestContext): Promise<{ fake: FakeAnthropic; client: Anthropic }> {
  const fake = await startFakeAnthropic();
  t.after(() => fake.close());
  return { fake, client: new Anthropic({ apiKey: 'test-key', baseURL: fake.url, maxRetries: 0 }) };
}

const ask = {
  model: 'claude-haiku-4-5',
  max_tokens: 100,
  messages: [{ role: 'user' as const, content: 'hello there' }],
};

test('answers a non-streaming request of the real SDK with text and counted usage', async (t) => {
  const { fake, client } = await setup(t);
  fake.enqueue(reply.text('<observation><title>x</title></observation>'));
  const message = await client.messages.create(ask);
  assert.deepEqual(message.content, [
    { type: 'text', text: '<observation><title>x</title></observation>' },
  ]);
  assert.deepEqual(
    [message.stop_reason, message.usage.input_tokens, message.usage.output_tokens],
    ['end_turn', 3, 11],
  );
  const [recorded] = fake.messageRequests();
  assert.equal((recorded?.json as { model: string }).model, 'claude-haiku-4-5');
  assert.deepEqual(JSON.parse(recorded?.response ?? '').content, message.content);
});

test('streams SSE the real SDK assembles into the same message', async (t) => {
  const { fake, client } = await setup(t);
  const long = 'streamed text '.repeat(20);
  fake.enqueue(reply.text(long));
  const stream = client.messages.stream(ask);
  const message = await stream.finalMessage();
  assert.deepEqual(message.content, [{ type: 'text', text: long }]);
  assert.equal(message.usage.output_tokens, Math.ceil(long.length / 4));
});

test('streams tool_use blocks with their JSON input', async (t) => {
  const { fake, client } = await setup(t);
  fake.enqueue(
    reply.blocks([
      { type: 'text', text: 'reading' },
      { type: 'tool_use', name: 'Read', input: { file_path: '/a/b.ts' } },
    ]),
  );
  const message = await client.messages.stream(ask).finalMessage();
  assert.equal(message.stop_reason, 'tool_use');
  const tool = message.content[1];
  assert.deepEqual(tool?.type === 'tool_use' && [tool.name, tool.input], [
    'Read',
    { file_path: '/a/b.ts' },
  ]);
});

test('reports a system prefix marked for caching as a cache write, then as a cache read', async (t) => {
  const { client } = await setup(t);
  const system = [
    {
      type: 'text' as const,
      text: 'fixed instructions '.repeat(10),
      cache_control: { type: 'ephemeral' as const },
    },
  ];
  const first = await client.messages.create({ ...ask, system });
  const second = await client.messages.create({ ...ask, system });
  assert.deepEqual(
    [first.usage.cache_creation_input_tokens, first.usage.cache_read_input_tokens],
    [48, 0],
  );
  assert.deepEqual(
    [second.usage.cache_creation_input_tokens, second.usage.cache_read_input_tokens],
    [0, 48],
  );
});

test('scripted 429 and 500 reach the SDK as its RateLimitError and InternalServerError', async (t) => {
  const { fake, client } = await setup(t);
  fake.enqueue(reply.error(429, { retryAfterSeconds: 7 }), reply.error(500));
  await assert.rejects(
    client.messages.create(ask),
    (error: InstanceType<typeof Anthropic.RateLimitError>) => {
      assert.ok(error instanceof Anthropic.RateLimitError);
      assert.equal(error.headers?.get('retry-after'), '7');
      return true;
    },
  );
  await assert.rejects(client.messages.create(ask), Anthropic.InternalServerError);
});

test('a slow answer arrives late; a hanging one times out in the SDK', async (t) => {
  const { fake, client } = await setup(t);
  fake.enqueue(reply.slow(300, 'late'), reply.hang());
  const started = Date.now();
  assert.deepEqual((await client.messages.create(ask)).content, [{ type: 'text', text: 'late' }]);
  assert.ok(Date.now() - started >= 280);
  await assert.rejects(
    client.messages.create(ask, { timeout: 200 }),
    Anthropic.APIConnectionTimeoutError,
  );
});

test('answers HEAD / with 200, accepts role "system" messages and ?beta=true, records every body', async (t) => {
  const { fake } = await setup(t);
  assert.equal((await fetch(`${fake.url}/`, { method: 'HEAD' })).status, 200);
  const body = JSON.stringify({
    ...ask,
    stream: false,
    messages: [...ask.messages, { role: 'system', content: [] }],
  });
  const res = await fetch(`${fake.url}/v1/messages?beta=true`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(res.status, 200);
  assert.deepEqual(
    fake.requests.map((r) => [r.method, r.url]),
    [
      ['HEAD', '/'],
      ['POST', '/v1/messages?beta=true'],
    ],
  );
  assert.equal(fake.messageRequests()[0]?.body, body);
});
