/**
 * Token counts without a tokenizer, in one place: an estimate for hints and the context budget,
 * and a ceiling for the limits that must not be passed. Never used for billing: spend is
 * recorded from the provider's own usage figures.
 */

/**
 * About how many model tokens a text costs: a character count over 4, the usual rule of thumb
 * for English and code. For "~N tokens" hints and the SessionStart budget, where only a
 * character count may be known.
 */
export function estimateTokens(chars: number | string): number {
  const length = typeof chars === 'number' ? chars : chars.length;
  return Math.ceil(length / 4);
}

/**
 * A conservative count: UTF-8 bytes / 3, rounded up. English prose runs about 4 characters per
 * token and code or JSON about 3, so this over-counts both; a CJK character is 3 bytes and about
 * 1 token, so it stays close there. Over-counting is the safe side: it keeps requests under
 * `compress.maxInputTokens` and calls inside the daily budget.
 */
export function tokenCeiling(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 3);
}
