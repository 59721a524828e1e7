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
 * Whether some rule could match `text`: it holds one of a rule's needles. False means
 * {@link redactSecrets} would return `text` unchanged.
 */
export function mayHoldSecret(text: string, lower = text.toLowerCase()): boolean {
  return SECRET_RULES.some((rule) =>
    rule.needles.some((needle) => (rule.pattern.ignoreCase ? lower : text).includes(needle)),
  );
}

/**
 * Replaces API keys, tokens, private keys, URL credentials and password-like assignments with
 * `[REDACTED:<kind>]`, keeping names, schemes and hosts so the memory still reads. See
 * {@link REDACTION_RULES} for the list. Pure, never throws, and every pattern is bounded.
 *
 * @example redactSecrets('DB_PASSWORD=hunter2') // 'DB_PASSWORD=[REDACTED:password]'
 */
export function redactSecrets(text: string): string {
  let result = text;
  let lower: string | undefined;
  for (const rule of SECRET_RULES) {
    const haystack = rule.pattern.ignoreCase ? (lower ??= result.toLowerCase()) : result;
    if (!rule.needles.some((needle) => haystack.includes(needle))) continue;
    const next = applyRule(result, rule);
    if (next !== result) lower = undefined;
    result = next;
  }
  return result;
}
