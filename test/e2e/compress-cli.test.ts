import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runHookProcess } from '../../src/cli/hook-process.ts';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import { HOOK_BUNDLE, createTestHome, type TestHome } from '../helpers/env.ts';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.ts';
import { stopWorker, waitForDrain } from '../helpers/worker.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const states = (home: TestHome) =>
  Object.fromEntries(
    queryDb<{ state: string; n: number }>(
      home.dataDir,
      'SELECT state, COUNT(*) AS n FROM events GROUP BY state',
    ).map((r) => [r.state, r.n]),
  );

/** One turn (a prompt, an edit, a failing test run, Stop) through the real hook commands. */
async function oneTurn(home: TestHome): Promise<void> {
  const base = { session_id: 'cli-session', cwd: '/work/shop', transcript_path: '/tmp/t.jsonl' };
  const payloads = [
    { ...base, hook_event_name: 'UserPromptSubmit', prompt: 'fix the checkout total' },
    {
      ...base,
      hook_event_name: 'PostToolUse',
      tool_name: 'Edit',
      tool_use_id: 'toolu_1',
      tool_input: {
        file_path: '/work/shop/src/total.ts',
        old_string: 'a',
        new_string: 'export function total() {',
      },
      tool_response: {},
    },
    {
      ...base,
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      tool_use_id: 'toolu_2',
      tool_input: { command: 'npm test' },
      error: 'Exit code 1\n1 failing',
    },
    {
      ...base,
      hook_event_name: 'Stop',
      last_assistant_message: 'The total is fixed but one test still fails.',
    },
  ];
  for (const payload of payloads)
    await runHookProcess(HOOK_BUNDLE, payload.hook_event_name, JSON.stringify(payload), home.env);
}

describe('claude-mem status and retry', () => {
  let fake: FakeAnthropic;
  let home: TestHome;

  before(async () => {
    fake = await startFakeAnthropic();
    fake.respondWith(() => reply.error(500));
    home = await createTestHome({
      ANTHROPIC_API_KEY: 'test-key',
      CLAUDE_MEM_COMPRESS_PROVIDER: 'anthropic',
      CLAUDE_MEM_COMPRESS_ANTHROPIC_BASE_URL: fake.url,
      CLAUDE_MEM_COMPRESS_RETRIES: '0',
      CLAUDE_MEM_COMPRESS_FAILED_RETRY_MS: '3600000',
      // Embeddings are recall's work and CPU-bound; they would only slow this down.
      CLAUDE_MEM_SEARCH_EMBEDDER: 'off',
    });
    await oneTurn(home);
  });

  after(async () => {
    await stopWorker(home);
    home.cleanup();
    await fake.close();
  });

  it("status starts the worker and shows the provider, why, failed events and today's calls", async () => {
    await waitForDrain(home);
    await waitFor(() => states(home).failed === 2, 'the events to fail');
    const run = await cli(['status'], home.env);
    assert.deepEqual([run.code, run.stderr], [0, '']);
    const lines = run.stdout.split('\n');
    assert.deepEqual(lines.slice(0, 5), [
      'provider: anthropic (claude-haiku-4-5)',
      '  why: compress.provider is anthropic (ANTHROPIC_API_KEY is set)',
      'events: 0 pending, 0 compressed, 0 skipped, 2 failed',
      '  2 failed: anthropic (claude-haiku-4-5) answered 500: api_error',
      'turns: 1 pending, 0 compressed, 0 skipped, 0 failed',
    ]);
    assert.match(run.stdout, /^ {2}no LLM calls$/m);
    assert.match(run.stdout, /^budget anthropic: 0 of 1,000,000 tokens used, 1,000,000 left$/m);
    assert.equal(lines.at(-2), 'recall: search.mode hybrid, embedder off: full-text search only');
    assert.deepEqual(queryDb(home.dataDir, 'SELECT DISTINCT reason FROM events'), [
      { reason: 'anthropic (claude-haiku-4-5) answered 500: api_error' },
    ]);
  });

  it('retry requeues the failed events, which are then compressed', async () => {
    fake.respondWith(() =>
      reply.text(
        '<observation><type>bugfix</type><title>Fixed checkout total</title></observation>',
      ),
    );
    const run = await cli(['retry'], home.env);
    assert.deepEqual(
      [run.code, run.stdout, run.stderr],
      [0, 'requeued 2 failed events and 0 failed turn ends; the worker compresses them now\n', ''],
    );
    await waitFor(() => states(home).compressed === 2, 'the events to be compressed');
    const status = JSON.parse((await cli(['status', '--json'], home.env)).stdout) as {
      today: {
        usage: Array<{ calls: number; tokens_in: number; tokens_out: number; cost_usd: number }>;
      };
      recall: { state: string };
    };
    const usage = status.today.usage[0];
    assert.ok((usage?.calls ?? 0) >= 1);
    assert.equal(status.recall.state, 'off');
    // claude-haiku-4-5 at list prices: $1 per million input tokens, $5 per million output.
    const expected = ((usage?.tokens_in ?? 0) * 1 + (usage?.tokens_out ?? 0) * 5) / 1e6;
    assert.ok(
      expected > 0 && Math.abs((usage?.cost_usd ?? 0) - expected) < 1e-9,
      JSON.stringify(usage),
    );
    const lines = (await cli(['status'], home.env)).stdout;
    assert.match(lines, /^ {2}anthropic claude-haiku-4-5: .* out, ~\$0\.\d{4} at list prices$/m);
    assert.deepEqual(queryDb(home.dataDir, 'SELECT title, provider FROM observations'), [
      { title: 'Fixed checkout total', provider: 'anthropic' },
    ]);
  });

  it('status with an unknown option exits 2', async () => {
    const run = await cli(['status', '--verbose'], home.env);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /unknown option "--verbose" for status/);
  });
});
