import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { chatReply, startFakeOpenAi } from '../../test/helpers/fake-openai.ts';
import { freePort } from '../../test/helpers/env.ts';
import { sendJson, startRecordingServer } from '../../test/helpers/fake-llm-http.ts';
import { loadSettings, type Settings } from '../config/index.ts';
import { UNLIMITED } from './budget.ts';
import { probeIsFree, probeProvider } from './probe.ts';
import { createReaper } from './providers/process-reaper.ts';

const settings = (overrides: Partial<Settings> = {}): Settings => ({
  ...loadSettings('/nonexistent', {}).settings,
  ...overrides,
});

const openai = (baseUrl: string, model = 'tiny'): Partial<Settings> => ({
  'compress.provider': 'openai',
  'compress.openai.baseUrl': baseUrl,
  'compress.openai.model': model,
});

const probe = (overrides: Partial<Settings>, env: NodeJS.ProcessEnv = {}) =>
  probeProvider({
    settings: settings(overrides),
    env,
    dataDir: '/nonexistent',
    budget: UNLIMITED,
    reaper: createReaper(),
  });

async function fake(t: TestContext) {
  const server = await startFakeOpenAi();
  t.after(() => server.close());
  return server;
}

test('a server that answers a chat completion passes, with what it said', async (t) => {
  const server = await fake(t);
  server.respondWith(() => chatReply.text('OK'));
  const result = await probe(openai(server.url), { OPENAI_API_KEY: 'k' });
  assert.equal(result.outcome, 'ok');
  assert.equal(result.provider, 'openai (tiny)');
  assert.match(result.detail, /^reachable, accepted, answered "OK" in \d+ ms$/);
  assert.equal(server.chatRequests()[0]?.headers.authorization, 'Bearer k');
});

test('nothing listening is unreachable', async () => {
  const result = await probe(openai(`http://127.0.0.1:${await freePort()}/v1`));
  assert.equal(result.outcome, 'unreachable');
  assert.match(result.detail, /unreachable/);
});

test('a refused key is auth', async (t) => {
  const server = await fake(t);
  server.enqueue(chatReply.error(401, { message: 'invalid api key' }));
  const result = await probe(openai(server.url));
  assert.deepEqual([result.outcome, result.detail.includes('check the API key')], ['auth', true]);
});

test('a server speaking another protocol (Ollama native /api/chat shape) is format', async (t) => {
  const server = await startRecordingServer((_req, res) =>
    sendJson(res, 200, { model: 'tiny', message: { role: 'assistant', content: 'OK' } }),
  );
  t.after(() => server.close());
  const result = await probe(openai(server.url));
  assert.equal(result.outcome, 'format');
  assert.match(result.detail, /without choices/);
});

test('a completion without text is format', async (t) => {
  const server = await fake(t);
  server.respondWith(() => chatReply.text(''));
  assert.equal((await probe(openai(server.url))).outcome, 'format');
});

test('a completion cut at the limit before any text (a reasoning model thinking) still passes', async (t) => {
  const server = await fake(t);
  server.respondWith(() => chatReply.text('', { finishReason: 'length' }));
  const result = await probe(openai(server.url));
  assert.equal(result.outcome, 'ok');
  assert.match(result.detail, /cut at 32 tokens before any text/);
});

test('openai without a model is config, and nothing is sent', async () => {
  const result = await probe(openai('http://127.0.0.1:9/v1', ''));
  assert.deepEqual(result, {
    provider: 'openai',
    outcome: 'config',
    detail: 'compress.provider is openai but compress.openai.model is not set',
  });
});

test('only a loopback openai server is free to call', () => {
  const free = (overrides: Partial<Settings>) =>
    probeIsFree({ settings: settings(overrides), env: {} });
  assert.equal(free(openai('http://127.0.0.1:11434/v1')), true);
  assert.equal(free(openai('http://localhost:1234/v1')), true);
  assert.equal(free(openai('https://openrouter.ai/api/v1')), false);
  assert.equal(free({ 'compress.provider': 'anthropic' }), true); // no key: nothing to call
  assert.equal(
    probeIsFree({
      settings: settings({ 'compress.provider': 'anthropic' }),
      env: { ANTHROPIC_API_KEY: 'k' },
    }),
    false,
  );
});
