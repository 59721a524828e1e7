import { needleScan, type NeedleScan } from './needle-scan.ts';
import { SECRET_RULES, type SecretRule } from './secret-rules.ts';

/** What one redaction rule covers, for docs and `claude-mem` diagnostics. */
export interface RedactionRuleInfo {
  readonly kind: string;
  readonly description: string;
}

/** Every kind of secret {@link redactSecrets} replaces, in the order the rules run. */
export const REDACTION_RULES: readonly RedactionRuleInfo[] = SECRET_RULES.map(
  ({ kind, description }) => ({ kind, description }),
);

const escapeLiteral = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The needles of the case-sensitive rules or of the case-blind ones (in lower case; their regex
 * has the `i` flag their rules' patterns have), all in one regex, longest first, with the rules
 * each one calls for: its own and those of every shorter needle it starts with (where the
 * alternation finds `sk-ant-` it does not also report `sk-`, which starts at the same place).
 */
interface Needles {
  readonly any: RegExp;
  readonly folded: boolean;
  readonly list: readonly string[];
  readonly rules: readonly SecretRule[];
  /** Filled as needles are found: a hook that finds none never works them out. */
  readonly rulesOf: Map<string, readonly SecretRule[]>;
}

function needlesOf(folded: boolean): Needles {
  const rules = SECRET_RULES.filter((rule) => rule.pattern.ignoreCase === folded);
  const list = rules.flatMap((rule) => rule.needles);
  const longestFirst = [...new Set(list)].sort((a, b) => b.length - a.length);
  const any = new RegExp(longestFirst.map(escapeLiteral).join('|'), folded ? 'gi' : 'g');
  return { any, folded, list, rules, rulesOf: new Map() };
}

/** The rules a found needle calls for: its own and those of the needles it starts with. */
function rulesOfNeedle(needles: Needles, needle: string): readonly SecretRule[] {
  let found = needles.rulesOf.get(needle);
  if (found === undefined) {
    found = needles.rules.filter((rule) => rule.needles.some((other) => needle.startsWith(other)));
    needles.rulesOf.set(needle, found);
  }
  return found;
}

let needles: { exact: Needles; folded: Needles } | undefined;
const allNeedles = () => (needles ??= { exact: needlesOf(false), folded: needlesOf(true) });

const NO_RULES: ReadonlySet<SecretRule> = new Set();

let scan: NeedleScan | undefined;
/** Every rule's needles in one table: what a warm process scans text with ({@link scanned}). */
const warmScan = (): NeedleScan =>
  (scan ??= needleScan(allNeedles().exact.list, allNeedles().folded.list));

/**
 * The rules whose needles `text` holds: the only ones that can match it; empty when no rule can
 * match. A hook makes one regex pass per case over the text, where a check per rule took 33 (an
 * Aho-Corasick automaton in JavaScript was slower than V8's regex there). A warm process reads
 * the needles with {@link needleScan}'s table, 10x faster than those regexes once compiled.
 */
function candidateRules(text: string): ReadonlySet<SecretRule> {
  if (checks > WARM_CHECKS) {
    const found = warmScan().found(text);
    if (found.length === 0) return NO_RULES;
    const rules = new Set<SecretRule>();
    for (const needle of found) {
      // A folded needle comes in lower case. Tried against both lists it may make a rule a
      // candidate for nothing, never miss one: a candidate's own pattern decides.
      for (const needles of Object.values(allNeedles())) {
        for (const rule of rulesOfNeedle(needles, needle)) rules.add(rule);
      }
    }
    return rules;
  }
  const rules = new Set<SecretRule>();
  for (const needles of Object.values(allNeedles())) {
    const { any, folded } = needles;
    any.lastIndex = 0;
    for (let found = any.exec(text); found; found = any.exec(text)) {
      const needle = folded ? found[0].toLowerCase() : found[0];
      for (const rule of rulesOfNeedle(needles, needle)) rules.add(rule);
      // From the next character, not past the match: a needle may start inside another.
      any.lastIndex = found.index + 1;
    }
  }
  return rules;
}

/** Up to this length a text is checked against each needle with `includes`; past it, by regex. */
const SHORT_TEXT = 256;
/** After this many checks a process is long-lived (a worker, an import): the table pays off. */
const WARM_CHECKS = 1000;
let checks = 0;

/**
 * A hook checks a few strings, short ones (keys, ids, paths) with a plain `includes` per
 * needle, as compiling the regexes of the needles costs more than those checks, and long ones
 * with the regexes. Once a process has made {@link WARM_CHECKS} checks every text goes through
 * the table of {@link needleScan}: built in a millisecond or two and slow until compiled, it
 * would cost a hook more than it saves (120 `includes` a short string, then the regexes, were
 * a fifth and a sixth of a bulk import's time).
 */
function scanned(text: string): boolean {
  checks += 1;
  return text.length > SHORT_TEXT || checks > WARM_CHECKS;
}

/** Whether `text` holds a needle, by `includes`: the check of {@link scanned}'s other case. */
function holdsNeedle(text: string): boolean {
  const { exact, folded } = allNeedles();
  if (exact.list.some((needle) => text.includes(needle))) return true;
  const lower = text.toLowerCase();
  return folded.list.some((needle) => lower.includes(needle));
}

/**
 * Whether some rule could match `text`: it holds one of a rule's needles. False means
 * {@link redactSecrets} would return `text` unchanged. One pass over all the needles rather than
 * a gate per rule: most strings of a payload hold none.
 */
export function mayHoldSecret(text: string): boolean {
  if (!scanned(text)) return holdsNeedle(text);
  return checks > WARM_CHECKS ? warmScan().holds(text) : candidateRules(text).size > 0;
}

function applyRule(text: string, rule: SecretRule): string {
  return text.replace(rule.pattern, function replaceMatch(match: string, ...args: unknown[]) {
    // String.replace passes the groups, then the offset, then the whole string.
    const offset = args[args.length - 2];
    const groups = args.slice(0, -2).map((group) => (typeof group === 'string' ? group : ''));
    const end = typeof offset === 'number' ? offset + match.length : text.length;
    return rule.replace(match, groups, text.charAt(end));
  });
}

/**
 * Replaces API keys, tokens, private keys, URL credentials and password-like assignments with
 * `[REDACTED:<kind>]`, keeping names, schemes and hosts so the memory still reads. See
 * {@link REDACTION_RULES} for the list. Pure, never throws, and every pattern is bounded.
 *
 * @example redactSecrets('DB_PASSWORD=hunter2') // 'DB_PASSWORD=[REDACTED:password]'
 */
export function redactSecrets(text: string): string {
  if (!scanned(text) && !holdsNeedle(text)) return text;
  let candidates = candidateRules(text);
  if (candidates.size === 0) return text;
  let result = text;
  for (const rule of SECRET_RULES) {
    if (!candidates.has(rule)) continue;
    if (rule.separators?.every((separator) => !result.includes(separator))) continue;
    const next = applyRule(result, rule);
    // A marker may hold a needle, and a redaction removes some: the rules still to run are
    // chosen from the text as it now is.
    if (next !== result) candidates = candidateRules(next);
    result = next;
  }
  return result;
}
