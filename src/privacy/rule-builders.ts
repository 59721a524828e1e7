/** The two shapes of secret rule: a token found by its look, and a `name = value` assignment. */
import { assignmentSource, replaceAssignment, type Replacer } from './assignment.ts';

/** One kind of secret: how to find it and what to put in its place. */
export interface SecretRule {
  readonly kind: string;
  readonly description: string;
  /** Global; every quantifier bounded and none nested, so matching cannot backtrack badly. */
  readonly pattern: RegExp;
  /**
   * Literals a match always contains, one at least (lower case when the pattern ignores case):
   * text with none of them skips the rule. Most text holds no secret, and running (and, in a
   * short-lived hook, first compiling) every pattern on it was a tenth of a hook's run time.
   */
  readonly needles: readonly string[];
  /** Characters a match always contains besides its needle: text with none skips the rule. */
  readonly separators?: readonly string[];
  readonly replace: Replacer;
}

const marker = (kind: string): string => `[REDACTED:${kind}]`;

interface TokenOptions {
  /** Vetoes a match that is only shaped like a secret; tested on the part after group 1. */
  readonly accept?: RegExp;
  /** Put back after the marker: the `@` a URL credential pattern consumes. */
  readonly suffix?: string;
}

/**
 * The match is the secret, except capture group 1 when the pattern has one: that prefix (a
 * URL scheme, `Bearer `, a header name) is kept so the memory still says what was there.
 */
export function token(
  kind: string,
  description: string,
  pattern: RegExp,
  needles: readonly string[],
  { accept = /[\s\S]/, suffix = '' }: TokenOptions = {},
): SecretRule {
  const replace: Replacer = (match, [prefix = '']) =>
    accept.test(match.slice(prefix.length)) ? `${prefix}${marker(kind)}${suffix}` : match;
  return { kind, description, pattern, needles, replace };
}

export function assignment(
  kind: string,
  description: string,
  name: string,
  flags: string,
  needles: readonly string[],
  keep?: (name: string, value: string) => boolean,
): SecretRule {
  const pattern = new RegExp(assignmentSource(name), flags);
  // `password` in prose, with no `=` or `:` after it anywhere, runs no pattern (about 3 us for
  // a paragraph: a bulk import of text that speaks of tokens ran one for every row).
  const separators = ['=', ':'];
  return {
    kind,
    description,
    pattern,
    needles,
    separators,
    replace: replaceAssignment(kind, keep),
  };
}
