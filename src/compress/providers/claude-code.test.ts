import assert from 'node:assert/strict';
import { TEST_PATH } from '../../../test/helpers/env.ts';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import {
  reply,
  startFakeAnthropic,
  type FakeAnthropic,
} from '../../../test/helpers/fake-anthropic.ts';
import { listFilesRecursive } from '../../../test/helpers/files.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import type { LlmRequest, LlmTransport } from '../llm-request.ts';
import { createClaudeCodeTransport } from './claude-code.ts';
import { createReaper, type Reaper } from './process-reaper.ts';

/**
 * The Agent SDK's bundled `claude`, offline against the fake Messages API (ANTHROPIC_BASE_URL
 * points it at 127.0.0.1): HOME is a temp folder, the key is a dummy.
 */
async function setup(
  t: TestContext,
): Promise<{ fake: FakeAnthropic; home: string; reaper: Reaper; transport: LlmTransport }> {
  const fake = await startFakeAnthropic();
  t.after(() => fake.close());
  const home = tempDir(t, 'claude-mem-cc-');
  const reaper = createReaper();
  const env = {
    PATH: TEST_PATH,
    HOME: home,
    ANTHROPIC_BASE_URL: fake.url,
    ANTHROPIC_API_KEY: 'dummy',
  };
  const transport = createClaudeCodeTransport({
    model: 'haiku',
    workDir: join(home, 'data', 'compressor'),
    env,
    reaper,
    concurrency: 1,
  });
  return { fake, home, reaper, transport };
}

const request: LlmRequest = {
  system: 'You record memory for a coding agent.',
  messages: [{ role: 'user', content: '<turn>events</turn>' }],
  maxOutputTokens: 300,
};
const never = () => new AbortController().signal;

test('one stateless call: our instructions as the system prompt, no tools, usage counted', async (t) => {
  const { fake, reaper, transport } = await setup(t);
  fake.enqueue(reply.text('<skip>nothing</skip>'));
  const answer = await transport.complete(request, never());
  assert.equal(answer.text, '<skip>nothing</skip>');
  assert.ok(answer.tokensIn > 0 && answer.tokensOut > 0);
  const body = fake.messageRequests()[0]?.json as {
    system: Array<{ text: string }>;
    tools: unknown[];
    stream: boolean;
  };
  assert.ok(body.system.some((block) => block.text === request.system));
  assert.deepEqual([body.tools, body.stream], [[], true]);
  assert.deepEqual(reaper.live(), []);
});

test('leaves no transcript, session file or temp folder behind', async (t) => {
  const { fake, home, transport } = await setup(t);
  fake.enqueue(reply.text('<skip>a</skip>'), reply.text('<skip>b</skip>'));
  await transport.complete(request, never());
  await transport.complete(request, never());
  const files = listFilesRecursive(home).map((file) => file.slice(home.length));
  assert.deepEqual(
    files.filter((file) => /\/projects\/|\/sessions\/|\.jsonl$/.test(file)),
    [],
  );
  assert.deepEqual(readdirSync(join(home, 'data', 'compressor')), []);
});

test('API errors keep their meaning: 429 and 500 transient, 401 permanent', async (t) => {
  const { fake, transport } = await setup(t);
  fake.enqueue(reply.error(429), reply.error(500), reply.error(401));
  await assert.rejects(transport.complete(request, never()), {
    transient: true,
    message: /answered 429/,
  });
  await assert.rejects(transport.complete(request, never()), {
    transient: true,
    message: /answered 500/,
  });
  await assert.rejects(transport.complete(request, never()), {
    transient: false,
    message: /answered 401/,
  });
});

test('an aborted call (the timeout) kills its claude process', async (t) => {
  const { fake, reaper, transport } = await setup(t);
  fake.enqueue(reply.hang());
  const controller = new AbortController();
  const call = transport.complete(request, controller.signal);
  while (fake.messageRequests().length === 0)
    await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(reaper.live().length, 1);
  controller.abort();
  await assert.rejects(call, { transient: true, message: /aborted/ });
  assert.deepEqual(reaper.live(), []);
});
