import type { Db } from '../statements.ts';

/** SQL name of the function that makes the `code_terms` text the full-text index holds. */
export const CODE_TERMS_FUNCTION = 'cm_code_terms';

/** Longest `code_terms` text kept for one observation: a bound on a row's index size. */
const MAX_CODE_TERMS_CHARS = 8000;

// A lower letter or digit before an upper one (rateLimiter), or an acronym's last capital
// before a capitalised word (XMLHttp -> XML Http). FTS5's unicode61 already splits on `_`, `-`,
// `.` and `/`, so snake_case, kebab-case and paths need nothing from us; camelCase does.
const CASE_BOUNDARY = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
const WORD = /[\p{L}\p{N}]+/gu;
// The same boundaries anywhere in a text: most text has none (prose, lower-case paths), and one
// test of the whole text is cheaper than splitting each of its words (a bulk import indexes
// every row through here).
const HAS_BOUNDARY = /[\p{Ll}\p{N}]\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u;

/** The words of one identifier at its case boundaries: `XMLHttpRequest` -> XML, Http, Request. */
export function identifierParts(word: string): string[] {
  return word.split(CASE_BOUNDARY).filter((part) => part !== '');
}

/**
 * The extra text that makes code findable by its words: every camelCase or PascalCase word of
 * `texts` split at its case boundaries (`rateLimiter` -> `rate Limiter`), once each. The words
 * themselves stay in their own columns, so an exact query still matches them.
 */
export function codeTerms(...texts: ReadonlyArray<string | null | undefined>): string {
  const seen = new Set<string>();
  let length = 0;
  for (const text of texts) {
    if (!text || !HAS_BOUNDARY.test(text)) continue;
    for (const [word] of text.matchAll(WORD)) {
      const parts = identifierParts(word);
      const split = parts.join(' ');
      if (parts.length < 2 || seen.has(split)) continue;
      length += split.length + 1;
      if (length > MAX_CODE_TERMS_CHARS) return [...seen].join('\n');
      seen.add(split);
    }
  }
  return [...seen].join('\n');
}

/**
 * Registers `cm_code_terms(title, subtitle, facts, narrative, concepts, search_keys, files_read,
 * files_modified)` on a connection: the observations' full-text triggers and the view the index
 * rebuilds from call it (migration 009). It returns the files fields as they are (their paths
 * are words to the index) and the split identifiers of every field.
 */
export function registerCodeTerms(db: Db): void {
  db.function(CODE_TERMS_FUNCTION, { deterministic: true, varargs: true }, (...args: unknown[]) => {
    const texts = args.map((arg) => (typeof arg === 'string' ? arg : ''));
    const files = texts.slice(6).join('\n');
    return `${files}\n${codeTerms(...texts)}`;
  });
}
