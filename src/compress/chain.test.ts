import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCompressorChain } from './chain.ts';
import { CompressError, unavailable } from './compress-error.ts';
import { createFakeCompressor } from './fake-compressor.ts';
import type { TurnBatch } from './types.ts';

const batch: TurnBatch = { project: 'p', root: '/p', promptNumber: 1, prompt: 'x', events: [] };

function chain() {
  const primary = createFakeCompressor('anthropic');
  const fallback = createFakeCompressor('heuristic');
  return { primary, fallback, chain: createCompressorChain([primary, fallback]) };
}

test('the first compressor answers when it can', async () => {
  const { chain: c, fallback } = chain();
  const result = await c.compressTurn(batch, { finalAttempt: false });
  assert.deepEqual(
    [result.provider, result.fellBack, fallback.batches.length],
    ['anthropic', null, 0],
  );
});

for (const error of [
  new CompressError('BUDGET_SPENT', 'anthropic daily token budget is spent'),
  new CompressError('PROVIDER_BAD_OUTPUT', 'unusable output twice'),
  new CompressError('PROVIDER_UNAVAILABLE', 'ANTHROPIC_API_KEY rejected (401)'),
]) {
  test(`${error.code} (not transient) falls through to the next compressor with the reason`, async () => {
    const { chain: c, primary } = chain();
    primary.enqueueTurn(error);
    const result = await c.compressTurn(batch, { finalAttempt: false });
    assert.deepEqual(
      [result.provider, result.fellBack],
      ['heuristic', `${error.message}; heuristic used`],
    );
  });
}

test('a transient failure is thrown for a later retry, except on the final attempt', async () => {
  const { chain: c, primary } = chain();
  primary.enqueueTurn(unavailable('anthropic answered 429'), unavailable('anthropic answered 429'));
  await assert.rejects(c.compressTurn(batch, { finalAttempt: false }), {
    message: 'anthropic answered 429',
  });
  const final = await c.compressTurn(batch, { finalAttempt: true });
  assert.deepEqual(
    [final.provider, final.fellBack],
    ['heuristic', 'anthropic answered 429; heuristic used'],
  );
});

test('an error that is not a CompressError is a bug and is thrown as is', async () => {
  const primary = createFakeCompressor('anthropic');
  primary.compressTurn = async () => {
    throw new TypeError('boom');
  };
  const c = createCompressorChain([primary, createFakeCompressor('heuristic')]);
  await assert.rejects(c.compressTurn(batch, { finalAttempt: true }), TypeError);
});

test('summaries fall back the same way', async () => {
  const { chain: c, primary } = chain();
  primary.enqueueSummary(new CompressError('BUDGET_SPENT', 'spent'));
  const result = await c.summarizeTurn(
    {
      project: 'p',
      root: '/p',
      promptNumber: 1,
      prompt: 'x',
      observations: [],
      lastAssistantMessage: '',
      subagentMessages: [],
    },
    { finalAttempt: false },
  );
  assert.equal(result.provider, 'heuristic');
});
