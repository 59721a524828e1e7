import type { Cost, FeedItem as WireFeedItem } from '../../domain/viewer-api.ts';
import type { FeedItem } from '../../store/index.ts';

export type { Cost };

/** Anthropic list prices, USD per million input and output tokens (an estimate: no caching). */
const PRICES: ReadonlyArray<[RegExp, number, number]> = [
  [/haiku-4|haiku-3-5|3-5-haiku/, 1, 5],
  [/haiku/, 0.25, 1.25],
  [/sonnet/, 3, 15],
  [/opus-4-[5-9]/, 5, 25],
  [/opus/, 15, 75],
];

/** The cost of a compression call's share, as far as it can be known. */
export function costOf(
  provider: string,
  model: string | null,
  tokensIn: number,
  tokensOut: number,
): Cost {
  if (provider === 'heuristic' || provider === 'user') return { usd: 0, note: 'no LLM call' };
  if (provider === 'claude-code') return { usd: null, note: 'covered by your Claude Code plan' };
  const price = provider === 'anthropic' ? PRICES.find(([re]) => re.test(model ?? '')) : undefined;
  if (!price) return { usd: null, note: `price of ${model ?? provider} unknown` };
  const usd = (tokensIn * price[1] + tokensOut * price[2]) / 1_000_000;
  return { usd, note: 'estimated at list price' };
}

/** A feed item as the API sends it: a stable key, pinned as a boolean, its cost. */
export function presentItem(item: FeedItem): WireFeedItem {
  const key = `${item.kind}:${item.id}`;
  switch (item.kind) {
    case 'observation':
      return {
        ...item,
        key,
        pinned: item.pinned === 1,
        cost: costOf(item.provider, item.model, item.tokens_in, item.tokens_out),
      };
    case 'summary':
      return {
        ...item,
        key,
        cost: costOf(item.provider, item.model, item.tokens_in, item.tokens_out),
      };
    case 'prompt':
      return { ...item, key };
    default:
      return item satisfies never;
  }
}
