import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compressEvent, scriptedTransport, TEST_LIMITS } from '../../test/helpers/llm-script.ts';
import { createMemoryBudget } from './budget.ts';
import { createCompressorChain } from './chain.ts';
import { unavailable } from './compress-error.ts';
import { createLlmCompressor } from './llm-compressor.ts';
import { requestTokens } from './llm-request.ts';
import { createHeuristicCompressor } from './providers/heuristic.ts';
import type { CompressEvent, TurnBatch } from './types.ts';

const limits = { ...TEST_LIMITS, retries: 1 };

const edit = compressEvent({
  id: 41,
  toolName: 'Edit',
  input: { file_path: '/app/src/a.ts', old_string: 'a', new_string: 'b' },
});
const read: CompressEvent = {
  ...edit,
  id: 42,
  toolName: 'Read',
  input: { file_path: '/app/src/b.ts' },
};
const batch: TurnBatch = {
  project: 'app',
  root: '/app',
  promptNumber: 2,
  prompt: 'fix a',
  events: [edit, read],
};

const good =
  '<observation><type>bugfix</type><title>Fixed a</title><files_modified><file>src/a.ts</file></files_modified></observation>';

test('a good answer becomes observations whose sources are the events of their files', async () => {
  const { transport } = scriptedTransport(good);
  const budget = createMemoryBudget();
  const result = await createLlmCompressor(transport, { limits, budget }).compressTurn(batch);
  assert.deepEqual(
    result.observations.map((o) => [o.type, o.title, o.filesModified, o.sourceEventIds]),
    [['bugfix', 'Fixed a', ['src/a.ts'], [41]]],
  );
  assert.deepEqual(
    [result.usage.calls, result.usage.tokensIn, budget.spent('anthropic')],
    [1, 100, 110],
  );
  assert.deepEqual(
    budget.calls.map((call) => call.project),
    ['app'],
  );
});

test('unusable output is retried once with a correction that quotes it', async () => {
  const { transport, requests } = scriptedTransport('I fixed the bug.', good);
  const result = await createLlmCompressor(transport, {
    limits,
    budget: createMemoryBudget(),
  }).compressTurn(batch);
  assert.equal(result.observations.length, 1);
  assert.deepEqual(
    requests[1]?.messages.map((m) => m.role),
    ['user', 'assistant', 'user'],
  );
  assert.equal(requests[1]?.messages[1]?.content, 'I fixed the bug.');
  assert.match(
    requests[1]?.messages[2]?.content ?? '',
    /could not be used: the answer held no <observation>/,
  );
  assert.equal(result.usage.calls, 2);
});

test('unusable output twice is PROVIDER_BAD_OUTPUT, carrying the tokens spent', async () => {
  const { transport } = scriptedTransport('nope', 'still nope');
  await assert.rejects(
    createLlmCompressor(transport, { limits, budget: createMemoryBudget() }).compressTurn(batch),
    (error: Error & { code?: string; usage?: { calls: number } }) => {
      assert.equal(error.code, 'PROVIDER_BAD_OUTPUT');
      assert.equal(error.usage?.calls, 2);
      return true;
    },
  );
});

test('a call the budget does not allow is never sent: BUDGET_SPENT', async () => {
  const { transport, requests } = scriptedTransport(good);
  const budget = createMemoryBudget({ anthropic: 600 });
  await assert.rejects(createLlmCompressor(transport, { limits, budget }).compressTurn(batch), {
    code: 'BUDGET_SPENT',
  });
  assert.equal(requests.length, 0);
});

test('a transient failure is retried, then thrown as transient', async () => {
  const { transport, requests } = scriptedTransport(
    unavailable('anthropic answered 500'),
    unavailable('anthropic answered 500'),
  );
  await assert.rejects(
    createLlmCompressor(transport, { limits, budget: createMemoryBudget() }).compressTurn(batch),
    {
      code: 'PROVIDER_UNAVAILABLE',
      transient: true,
      message: 'anthropic answered 500 (after 2 tries)',
    },
  );
  assert.equal(requests.length, 2);
});

test('a request that does not answer in time is aborted and reported as a timeout', async () => {
  const { transport } = scriptedTransport('hang', 'hang');
  const fast = { ...limits, timeoutMs: 50, retries: 0 };
  await assert.rejects(
    createLlmCompressor(transport, { limits: fast, budget: createMemoryBudget() }).compressTurn(
      batch,
    ),
    {
      message: 'anthropic (m) timed out after 50 ms',
      transient: true,
    },
  );
});

test('requests never exceed maxInputTokens, the correction retry included', async () => {
  const big = Array.from({ length: 6 }, (_, i) => ({
    ...read,
    id: i,
    response: { file: { content: 'x'.repeat(500) } },
  }));
  const { transport, requests } = scriptedTransport('z'.repeat(20_000), good);
  await createLlmCompressor(transport, { limits, budget: createMemoryBudget() }).compressTurn({
    ...batch,
    events: big,
  });
  assert.deepEqual(
    requests.filter((r) => requestTokens(r) > limits.maxInputTokens),
    [],
  );
});

test('a summary comes back with the files of the observations', async () => {
  const { transport } = scriptedTransport(
    '<summary><request>Fix a</request><completed>a fixed</completed></summary>',
  );
  const input = {
    project: 'app',
    root: '/app',
    promptNumber: 2,
    prompt: 'fix a',
    observations: [
      {
        type: 'bugfix' as const,
        title: 't',
        subtitle: '',
        facts: [],
        narrative: '',
        concepts: [],
        filesRead: ['x'],
        filesModified: ['src/a.ts'],
        sourceEventIds: [41],
      },
    ],
    lastAssistantMessage: 'Fixed.',
    subagentMessages: [],
  };
  const { summary } = await createLlmCompressor(transport, {
    limits,
    budget: createMemoryBudget(),
  }).summarizeTurn(input);
  assert.deepEqual(
    [summary?.request, summary?.completed, summary?.filesModified, summary?.filesRead],
    ['Fix a', 'a fixed', ['src/a.ts'], ['x']],
  );
});

test('a field left open is corrected once, then the heuristic takes over with the reason', async () => {
  const broken = '<observation><title>unclosed <type>x</obs>';
  const { transport, requests } = scriptedTransport(broken, broken);
  const llm = createLlmCompressor(transport, { limits, budget: createMemoryBudget() });
  const chain = createCompressorChain([llm, createHeuristicCompressor()]);
  const result = await chain.compressTurn(batch, { finalAttempt: false });
  assert.match(
    requests[1]?.messages[2]?.content ?? '',
    /could not be used: <title> of <observation> is never closed/,
  );
  assert.equal(result.provider, 'heuristic');
  assert.match(result.fellBack ?? '', /<title> of <observation> is never closed; heuristic used$/);
  assert.deepEqual(
    result.observations.filter((o) => o.title === 'unclosed'),
    [],
  );
});
