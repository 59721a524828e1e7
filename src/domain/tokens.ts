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

/** What an observation's "~N tokens" hint counts: every field fetching it in full adds. */
export interface ObservationDetail {
  subtitle: string;
  narrative: string;
  facts: readonly string[];
  concepts: readonly string[];
  files_read: readonly string[];
  files_modified: readonly string[];
}

/**
 * The "~N tokens" hint of one observation, the same wherever it is shown (the SessionStart
 * index, search, MCP): its details' characters, list fields as their stored JSON text. The SQL
 * twin is DETAIL_CHARS_SQL, for the index, which never loads the text.
 */
export function detailTokens(o: ObservationDetail): number {
  const lists = [o.facts, o.concepts, o.files_read, o.files_modified];
  const chars = lists.reduce((sum, list) => sum + listChars(JSON.stringify(list)), 0);
  return detailTokensOf(o.subtitle.length + o.narrative.length + chars);
}

/** A list field's characters: its JSON text without the brackets (an empty list costs 0). */
const listChars = (json: string): number => Math.max(json.length - 2, 0);

/** The hint for `chars` characters of details (DETAIL_CHARS_SQL's result): at least 1. */
export function detailTokensOf(chars: number): number {
  return Math.max(1, estimateTokens(chars));
}

/** detailTokens' character count in SQL, over an observations row named `alias`. */
export const detailCharsSql = (alias = ''): string =>
  [
    ...['subtitle', 'narrative'].map((column) => `length(${alias}${column})`),
    ...['facts', 'concepts', 'files_read', 'files_modified'].map(
      (column) => `max(length(${alias}${column}) - 2, 0)`,
    ),
  ].join(' + ');
