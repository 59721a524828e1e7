import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estimateCostUsd } from './prices.ts';

const usage = { tokensIn: 2_000_000, tokensOut: 100_000 };

test('known models are priced by prefix, aliases included; unknown ones have no estimate', () => {
  assert.equal(estimateCostUsd('anthropic', 'claude-haiku-4-5-20251001', usage), 2.5);
  assert.equal(estimateCostUsd('claude-code', 'haiku', usage), 2.5);
  assert.equal(estimateCostUsd('anthropic', 'claude-opus-4-1-20250805', usage), 37.5);
  assert.equal(estimateCostUsd('openai', 'gpt-4o-mini', usage), 0.36);
  assert.equal(estimateCostUsd('heuristic', 'rules', usage), 0);
  assert.equal(estimateCostUsd('openai', 'llama3.2:3b', usage), undefined);
});
