import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chatReply, startFakeOpenAi } from './fake-openai.ts';

const post = (url: string, body: unknown) =>
  fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

test('answers a chat completion with the message, finish reason and counted usage', async (t) => {
  const fake = await startFakeOpenAi();
  t.after(() => fake.close());
  fake.enqueue(chatReply.text('hello world'));
  const res = await post(fake.url, {
    model: 'm',
    messages: [{ role: 'user', content: 'hi there' }],
  });
  const body = (await res.json()) as {
    choices: Array<{ message: { content: string }; finish_reason: string }>;
    usage: unknown;
  };
  assert.deepEqual(
    [body.choices[0]?.message.content, body.choices[0]?.finish_reason],
    ['hello world', 'stop'],
  );
  assert.deepEqual(body.usage, { prompt_tokens: 2, completion_tokens: 3, total_tokens: 5 });
  assert.equal(fake.chatRequests()[0]?.response, JSON.stringify(body));
});

test('streams chunks ending in [DONE], with usage when asked', async (t) => {
  const fake = await startFakeOpenAi();
  t.after(() => fake.close());
  fake.enqueue(chatReply.text('x'.repeat(100)));
  const res = await post(fake.url, {
    model: 'm',
    stream: true,
    stream_options: { include_usage: true },
    messages: [],
  });
  const events = (await res.text())
    .split('\n\n')
    .filter(Boolean)
    .map((line) => line.replace(/^data: /, ''));
  assert.equal(events.at(-1), '[DONE]');
  const chunks = events.slice(0, -1).map(
    (e) =>
      JSON.parse(e) as {
        choices: Array<{ delta: { content?: string } }>;
        usage?: { completion_tokens: number };
      },
  );
  assert.equal(chunks.map((c) => c.choices[0]?.delta.content ?? '').join(''), 'x'.repeat(100));
  assert.equal(chunks.at(-1)?.usage?.completion_tokens, 25);
});

test('scripted errors carry their status and Retry-After', async (t) => {
  const fake = await startFakeOpenAi();
  t.after(() => fake.close());
  fake.enqueue(chatReply.error(429, { retryAfterSeconds: 4 }));
  const res = await post(fake.url, { model: 'm', messages: [] });
  assert.deepEqual([res.status, res.headers.get('retry-after')], [429, '4']);
});
