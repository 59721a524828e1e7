import type { Usage } from './types.ts';

/** US dollars per million tokens, input and output. */
interface Price {
  input: number;
  output: number;
}

/**
 * List prices of the models people point compression at, by model-name prefix (names carry
 * date suffixes), most specific first. Estimates for the user's eyes, not a bill: providers
 * change prices, and caching or batch discounts are not counted. A model not listed has no
 * estimate rather than a wrong one.
 */
const PRICES: ReadonlyArray<readonly [prefix: string, price: Price]> = [
  ['claude-haiku-4', { input: 1, output: 5 }],
  ['claude-3-5-haiku', { input: 0.8, output: 4 }],
  ['claude-3-haiku', { input: 0.25, output: 1.25 }],
  ['claude-sonnet-4', { input: 3, output: 15 }],
  ['claude-3-7-sonnet', { input: 3, output: 15 }],
  ['claude-3-5-sonnet', { input: 3, output: 15 }],
  ['claude-opus-4-5', { input: 5, output: 25 }],
  ['claude-opus-4', { input: 15, output: 75 }],
  ['gpt-4o-mini', { input: 0.15, output: 0.6 }],
  ['gpt-4.1-nano', { input: 0.1, output: 0.4 }],
  ['gpt-4.1-mini', { input: 0.4, output: 1.6 }],
  ['gpt-5-nano', { input: 0.05, output: 0.4 }],
  ['gpt-5-mini', { input: 0.25, output: 2 }],
];

/** Claude Code's aliases (the claude-code provider's default model is `haiku`). */
const ALIASES: Record<string, string> = {
  haiku: 'claude-haiku-4',
  sonnet: 'claude-sonnet-4',
  opus: 'claude-opus-4-5',
};

/**
 * The estimated cost in US dollars of `usage` with `model` at list prices; undefined for a model
 * without a known price. The heuristic compressor costs nothing.
 */
export function estimateCostUsd(
  provider: string,
  model: string,
  usage: Pick<Usage, 'tokensIn' | 'tokensOut'>,
): number | undefined {
  if (provider === 'heuristic') return 0;
  const name = ALIASES[model] ?? model.replace(/^anthropic\//, '').toLowerCase();
  const price = PRICES.find(([prefix]) => name.startsWith(prefix))?.[1];
  if (!price) return undefined;
  return (usage.tokensIn * price.input + usage.tokensOut * price.output) / 1_000_000;
}
