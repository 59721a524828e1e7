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
 * Whether `haystack` holds one of the rule's needles. A rule with many needles (the vendor
 * tokens have 50) is checked with one regex, one pass over the text instead of one per needle:
 * with 120 needles, `includes` per needle cost more than all the patterns on ordinary text.
 * Compiled on first use, so a hook compiles only the gates it reaches.
 */
const gates = new Map<SecretRule, (haystack: string) => boolean>();
function gateOf(rule: SecretRule): (haystack: string) => boolean {
  let gate = gates.get(rule);
  if (gate === undefined) {
    const { needles } = rule;
    const any = new RegExp(needles.map(escapeLiteral).join('|'));
    gate =
      needles.length <= 3
        ? (haystack) => needles.some((needle) => haystack.includes(needle))
        : (haystack) => any.test(haystack);
    gates.set(rule, gate);
  }
  return gate;
}

/** Up to this length a text is checked against each needle with `includes`; past it, by regex. */
const SHORT_TEXT = 256;

/**
 * Whether some rule could match `text`: it holds one of a rule's needles. False means
 * {@link redactSecrets} would return `text` unchanged. One pass over all the needles rather than
 * a gate per rule: most strings of a payload hold none, and a short-lived hook would otherwise
 * compile and run the gates one by one (33 rules, 7 of them a regex). One regex of every
 * case-sensitive needle for long text, a plain `includes` per needle for short text (keys, ids,
 * paths), where compiling even that one regex costs more than the checks.
 */
let needles: { exact: readonly string[]; folded: readonly string[]; anyExact: RegExp } | undefined;
export function mayHoldSecret(text: string): boolean {
  if (needles === undefined) {
    const exact = SECRET_RULES.filter((rule) => !rule.pattern.ignoreCase).flatMap((r) => r.needles);
    const folded = SECRET_RULES.filter((rule) => rule.pattern.ignoreCase).flatMap((r) => r.needles);
    needles = { exact, folded, anyExact: new RegExp(exact.map(escapeLiteral).join('|')) };
  }
  const { exact, folded, anyExact } = needles;
  const exactHit =
    text.length <= SHORT_TEXT ? exact.some((needle) => text.includes(needle)) : anyExact.test(text);
  if (exactHit) return true;
  const lower = text.toLowerCase();
  return folded.some((needle) => lower.includes(needle));
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
  if (!mayHoldSecret(text)) return text;
  let result = text;
  let lower: string | undefined;
  for (const rule of SECRET_RULES) {
    const haystack = rule.pattern.ignoreCase ? (lower ??= result.toLowerCase()) : result;
    if (!gateOf(rule)(haystack)) continue;
    const next = applyRule(result, rule);
    if (next !== result) lower = undefined;
    result = next;
  }
  return result;
}
