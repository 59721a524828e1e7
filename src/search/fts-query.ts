import { identifierParts } from '../store/index.ts';

/** A user query turned into FTS5 syntax: every term quoted, nothing passed through raw. */
export interface FtsQuery {
  /** Every term must match (implicit AND). Common English words are left out when others remain. */
  all: string;
  /** Any word may match (OR): words joined by punctuation (`a.b`, `x:y`) count apart. */
  any: string;
  /** The quoted terms, in order. */
  terms: string[];
  /** The OR query's terms, each alone (fts-exact.ts counts and splits them). */
  anyTerms: string[];
}

/** Longest query text read; the rest is ignored. */
export const MAX_QUERY_CHARS = 1000;
const MAX_TERMS = 24;

const WORD = /[\p{L}\p{N}]/u;
const CONTROL = /[\p{Cc}\p{Cf}]/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const STOPWORDS = new Set(
  (
    'a an and are as at be but by did do does for from had has have he her his how i if in into ' +
    'is it its me my no not of on or our she so that the their them then there these they this ' +
    'to was we were what when where which who whom why will with would you your'
  ).split(' '),
);

/** `text` with its `"` doubled: the only escape an FTS5 string needs. */
const quote = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/** One term: a quoted string, `*` after it when it was a prefix. */
interface Term {
  text: string;
  prefix: boolean;
  phrase: boolean;
}

function toTerm(raw: string, phrase: boolean): Term | undefined {
  const prefix = !phrase && /[\p{L}\p{N}]\*+$/u.test(raw);
  const text = (prefix ? raw.replace(/\*+$/, '') : raw).replaceAll('*', ' ').trim();
  return WORD.test(text) ? { text, prefix, phrase } : undefined;
}

/** Splits on whitespace; a `"..."` with its closing quote is one phrase term. */
function scan(text: string): Term[] {
  const terms: Term[] = [];
  const pattern = /"([^"]*)"|(\S+)/g;
  for (const match of text.matchAll(pattern)) {
    const term =
      match[1] !== undefined
        ? toTerm(match[1], true)
        : toTerm(match[2]!.replaceAll('"', ' '), false);
    if (term) terms.push(term);
  }
  return terms;
}

const quoted = (term: Term): string => `${quote(term.text)}${term.prefix ? '*' : ''}`;

/**
 * A term, or when it holds a camelCase word the term OR its words split at their case
 * boundaries (`rateLimiter` -> `("rateLimiter" OR "rate Limiter")`): the split phrase matches
 * `rate_limiter`, `rate-limiter` and the index's split `code_terms`, the term itself an exact hit.
 */
function render(term: Term): string {
  if (term.phrase) return quoted(term);
  const words = term.text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
  const parts = words.flatMap(identifierParts);
  if (parts.length === words.length) return quoted(term);
  return `(${quoted(term)} OR ${quoted({ ...term, text: parts.join(' ') })})`;
}

const isStopword = (term: Term): boolean =>
  !term.phrase && !term.prefix && STOPWORDS.has(term.text.toLowerCase());

/** Content terms, or all of them when every one is a common word. */
const content = (terms: readonly Term[]): Term[] => {
  const kept = terms.filter((term) => !isStopword(term));
  return kept.length > 0 ? kept : [...terms];
};

/**
 * The words of a bare term as separate terms (`title:spool` -> `title`, `spool`), a camelCase
 * word also as its parts, the prefix kept on the last: what the OR query matches on. A "quoted
 * phrase" stays whole.
 */
function words(term: Term): Term[] {
  if (term.phrase) return [term];
  const whole = term.text.split(/[^\p{L}\p{N}]+/u).filter((part) => part !== '');
  return whole.flatMap((word, i) => {
    const split = identifierParts(word);
    const parts = split.length > 1 ? [word, ...split] : [word];
    const last = term.prefix && i === whole.length - 1;
    return parts.map((part, j) => ({
      text: part,
      phrase: false,
      prefix: last && (j === 0 || j === parts.length - 1),
    }));
  });
}

/**
 * Turns any user text into a safe FTS5 query, or undefined when it holds no searchable word.
 * Every term is a quoted FTS5 string, so operators (AND, OR, NOT, NEAR), parentheses, column
 * filters (`title:`), `^`, `+` and `-` are plain text; `"a phrase"` stays a phrase and a trailing
 * `*` on a word makes a prefix search. Control characters and lone surrogates are dropped.
 */
export function buildFtsQuery(text: string): FtsQuery | undefined {
  const clean = text
    .slice(0, MAX_QUERY_CHARS)
    .replace(LONE_SURROGATE, ' ')
    .normalize('NFKC')
    .replace(CONTROL, ' ');
  const terms = scan(clean).slice(0, MAX_TERMS);
  if (terms.length === 0) return undefined;
  const all = content(terms).map(render);
  const any = [...new Set(content(terms.flatMap(words)).map(quoted))].slice(0, MAX_TERMS * 2);
  // FTS5 reads `"a" "b"` as a AND b, but a parenthesised group needs its AND said.
  const and = all.some((term) => term.startsWith('(')) ? ' AND ' : ' ';
  return { all: all.join(and), any: any.join(' OR '), terms: all, anyTerms: any };
}
