import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import type { Settings } from '../../config/index.ts';
import { answeringAnthropic } from '../../../test/helpers/answering-anthropic.ts';
import { chatReply, startFakeOpenAi } from '../../../test/helpers/fake-openai.ts';
import { testHeaders } from '../../../test/helpers/route-call.ts';
import { promptEvent, toolEvent, turnEndEvent } from '../../../test/helpers/spool-events.ts';
import { TEST_TOKEN, createTestDeps } from '../../../test/helpers/worker-deps.ts';
import { createApp } from '../app.ts';
import { applyEvent } from '../capture/apply-event.ts';
import { createCompressionService } from './compression-service.ts';

async function setup(t: TestContext, settings: Partial<Settings>, env: NodeJS.ProcessEnv = {}) {
  const deps = createTestDeps(t, { now: Date.now, settings });
  const service = createCompressionService(deps, { env, sleep: async () => undefined });
  t.after(() => service.stop());
  const app = createApp(deps, [service]);
  const call = async (path: string, init: RequestInit = {}) => {
    const res = await app.request(path, {
      ...init,
      headers: { ...testHeaders(), ...init.headers },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const store = (count: number) =>
    deps.db
      .transaction(() => {
        applyEvent(deps.db, promptEvent({ text: 'fix it' }));
        for (let i = 0; i < count; i += 1) {
          applyEvent(
            deps.db,
            toolEvent({
              toolName: 'Edit',
              input: {
                file_path: `/work/alpha/f${i}.ts`,
                old_string: 'a',
                new_string: 'const fixed = true;',
              },
            }),
          );
        }
        applyEvent(deps.db, turnEndEvent());
      })
      .immediate();
  return { deps, service, call, store };
}

test('status names the provider in use and why, and counts events and turns per state', async (t) => {
  const { service, call, store } = await setup(t, { 'compress.provider': 'heuristic' });
  store(2);
  service.loop.kick();
  await service.loop.idle();
  const { status, body } = await call('/api/compression/status');
  assert.equal(status, 200);
  const { provider, selected, configured, model, reason, budgetExhausted } = body;
  assert.deepEqual(
    { provider, selected, configured, model, reason, budgetExhausted },
    {
      provider: 'heuristic',
      selected: 'heuristic',
      configured: 'heuristic',
      model: null,
      reason: 'compress.provider is heuristic',
      budgetExhausted: false,
    },
  );
  assert.deepEqual(
    [body.events, body.turns, body.budget],
    [{ compressed: 2 }, { compressed: 1 }, []],
  );
});

test('when the daily budget is spent the heuristic takes over, and status says so', async (t) => {
  const { fake, settings: provider } = await answeringAnthropic(
    t,
    '<observation><type>bugfix</type><title>Fixed it</title></observation>',
  );
  const settings = {
    ...provider,
    'compress.anthropic.dailyTokens': 4_000,
    'compress.batchEvents': 1,
  };
  const { deps, service, call, store } = await setup(t, settings, { ANTHROPIC_API_KEY: 'k' });
  store(6);
  service.loop.kick();
  await service.loop.idle();
  const { body } = await call('/api/compression/status');
  const [budget] = body.budget as Array<Record<string, unknown>>;
  assert.deepEqual(
    [body.selected, body.provider, body.budgetExhausted],
    ['anthropic', 'heuristic', true],
  );
  assert.match(
    String(body.reason),
    /^anthropic daily token budget is spent: heuristic until tomorrow/,
  );
  assert.deepEqual([budget?.provider, budget?.limit, budget?.spent], ['anthropic', 4_000, true]);
  assert.ok(Number(budget?.used) <= 4_000);
  assert.deepEqual(body.events, { compressed: 6 });
  const llmCalls = fake.messageRequests().filter((r) => !r.body.includes('<summary>')).length;
  assert.ok(llmCalls >= 1 && llmCalls < 6);
  assert.deepEqual(
    deps.db
      .prepare(
        'SELECT reason, COUNT(*) AS n FROM events GROUP BY reason ORDER BY reason IS NOT NULL',
      )
      .all(),
    [
      { reason: null, n: llmCalls },
      { reason: 'anthropic daily token budget is spent; heuristic used', n: 6 - llmCalls },
    ],
  );
  const usage = (body.today as { usage: Array<Record<string, unknown>> }).usage;
  assert.equal(usage[0]?.calls, fake.messageRequests().length);
});

test('retry needs the token and puts failed events and turn ends back in the queue', async (t) => {
  const { deps, service, call, store } = await setup(t, { 'compress.provider': 'heuristic' });
  store(1);
  deps.db.prepare("UPDATE events SET state = 'failed', reason = 'x', attempts = 4").run();
  deps.db.prepare("UPDATE turns SET state = 'failed'").run();
  const anonymous = { method: 'POST', headers: { authorization: '' } };
  assert.equal((await call('/api/compression/retry', anonymous)).status, 401);
  const { status, body } = await call('/api/compression/retry', {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_TOKEN}` },
  });
  assert.deepEqual({ status, body }, { status: 200, body: { requeued: { events: 1, turns: 1 } } });
  await service.loop.idle();
  assert.deepEqual(deps.db.prepare('SELECT state, reason, attempts FROM events').all(), [
    { state: 'compressed', reason: null, attempts: 1 },
  ]);
});

test('a provider answering in the wrong format: status counts the fallback per reason and the log says so', async (t) => {
  const fake = await startFakeOpenAi();
  t.after(() => fake.close());
  fake.respondWith(() => chatReply.text('Sure! The user edited some files.'));
  const settings = {
    'compress.provider': 'openai' as const,
    'compress.openai.baseUrl': fake.url,
    'compress.openai.model': 'tiny-local',
  };
  const { deps, service, call, store } = await setup(t, settings);
  store(2);
  service.loop.kick();
  await service.loop.idle();
  const { body } = await call('/api/compression/status');
  const problems = body.problems as Array<{ outcome: string; reason: string; events: number }>;
  assert.deepEqual(
    problems.map((p) => [p.outcome, p.events]),
    [['fell-back', 2]],
  );
  assert.match(problems[0]?.reason ?? '', /^openai \(tiny-local\) gave unusable output twice/);
  assert.doesNotMatch(problems[0]?.reason ?? '', /heuristic used/);
  const warned = deps.log.lines.filter((line) => line.message.startsWith('compression fell back'));
  assert.equal(warned.length, 1);
  assert.match(warned[0]?.message ?? '', /openai \(tiny-local[^]*; heuristic used$/);
  assert.doesNotMatch(warned[0]?.message ?? '', /Sure!/);
});
