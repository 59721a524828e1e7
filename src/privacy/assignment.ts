/**
 * The `name = value` family of secret rules: `.env` lines, YAML, JSON, code and query strings.
 * The name is kept (it says what was there); only the value becomes a marker.
 */

/** Receives a match, its capture groups ('' when a group did not take part) and the next char. */
export type Replacer = (match: string, groups: readonly string[], nextChar: string) => string;

// `=`, `:` or Go's `:=`, with an optional closing quote before it for JSON keys. The lookahead
// refuses `==` and `=>`, which are comparisons and arrows, not assignments.
const SEPARATOR = `(["']?[ \\t]{0,10}(?::=|=|:)[ \\t]{0,10})(?![=>])`;
// Double quotes honour backslash escapes so JSON like "a\"b" is redacted whole; the two
// alternatives start with different characters, so the repetition cannot backtrack badly.
const DOUBLE_QUOTED = `"((?:[^"\\\\\\r\\n]|\\\\.){1,1000})"`;
const SINGLE_QUOTED = `'([^'\\r\\n]{1,1000})'`;
const BARE = '([^\\s"\'`,;&(){}\\[\\]<>]{1,1000})';

/** Type names and literals that follow `password:` in code, not in config. */
const CODE_WORDS: ReadonlySet<string> = new Set(
  'string number boolean bool null undefined true false none nil str int any unknown object'.split(
    ' ',
  ),
);
const DOTTED_REFERENCE = /^[A-Za-z_$][\w$]{0,100}\.[A-Za-z_$][\w$.]{0,300}$/;

/**
 * Whether an unquoted value reads as code rather than a secret: `password: string`,
 * `apiKey: config.apiKey`, `token = getToken()`, `TOKEN=$OTHER_TOKEN`. Redacting those would
 * erase what the memory is for (how the code works) while hiding nothing.
 */
function looksLikeCode(value: string, nextChar: string): boolean {
  return (
    nextChar === '(' ||
    value.startsWith('$') ||
    CODE_WORDS.has(value.toLowerCase()) ||
    DOTTED_REFERENCE.test(value)
  );
}

/** Builds the source of an assignment pattern: groups are name, separator, "v", 'v', bare v. */
export function assignmentSource(name: string): string {
  return `(${name})${SEPARATOR}(?:${DOUBLE_QUOTED}|${SINGLE_QUOTED}|${BARE})`;
}

/**
 * Replacer for {@link assignmentSource} patterns. Keeps the name, separator and quotes; leaves
 * values already redacted by a more specific rule, and code-like bare values, untouched.
 * `keep` lets a rule veto more values (the shell's `PWD=/path`).
 */
export function replaceAssignment(
  kind: string,
  keep: (name: string, value: string) => boolean = () => false,
): Replacer {
  const marker = `[REDACTED:${kind}]`;
  return function redactAssignment(
    match,
    [name = '', sep = '', dq = '', sq = '', bare = ''],
    next,
  ) {
    const value = dq || sq || bare;
    if (value.startsWith('[REDACTED') || keep(name, value)) return match;
    if (bare !== '' && looksLikeCode(bare, next)) return match;
    const quote = dq !== '' ? '"' : sq !== '' ? "'" : '';
    return `${name}${sep}${quote}${marker}${quote}`;
  };
}
