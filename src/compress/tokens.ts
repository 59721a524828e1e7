/**
 * A conservative token estimate: UTF-8 bytes / 3, rounded up. English prose runs about 4
 * characters per token and code or JSON about 3, so this over-counts both; a CJK character is 3
 * bytes and about 1 token, so it stays close there. Over-counting is the safe side: it is used
 * to keep requests under `compress.maxInputTokens` and calls inside the daily budget, never to
 * bill. Spend is recorded from the provider's own usage figures.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 3);
}
