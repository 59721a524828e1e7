import { elide } from './elide.ts';
import { mayHoldSecret, redactSecrets } from './redact-secrets.ts';
import { STRIPPED_TAGS, stripTags } from './strip-tags.ts';

/** Containers nested deeper than this are replaced by {@link TOO_DEEP}. */
const MAX_DEPTH = 64;
const TOO_DEEP = '[claude-mem: too deep]';
const CIRCULAR = '[claude-mem: circular]';

// SQLite keeps text as UTF-8, which cannot hold a lone surrogate (valid in JSON's "\ud83d"):
// it would be written as invalid bytes and read back as three U+FFFD. One U+FFFD, as
// TextEncoder writes, keeps stored text valid UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const LONE_SURROGATE_TEST = new RegExp(LONE_SURROGATE.source);
/** `String.prototype.isWellFormed` (ES2024, in every Node we support): native, no regex. */
const isWellFormed = (text: string): boolean =>
  (text as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * Strips private blocks, then redacts secrets, then replaces lone surrogates with U+FFFD.
 * Stripping runs first so a secret inside `<private>` is gone entirely rather than leaving a
 * `[REDACTED]` hint behind.
 */
export function sanitizeText(text: string): string {
  const clean = redactSecrets(stripTags(text));
  return isWellFormed(clean) ? clean : clean.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * Whether {@link sanitizeText} could change `text`, or any string of the JSON text `text`:
 * false when it names no stripped tag, holds no rule's needle, no lone surrogate and no JSON
 * escape that could hide one (`\\u`, `\\/`). Lets a caller skip parsing and walking JSON that
 * was cleaned before (the store's door on captured tool fields).
 */
export function mayNeedSanitizing(text: string): boolean {
  if (text.includes('\\u') || text.includes('\\/') || LONE_SURROGATE_TEST.test(text)) return true;
  const lower = text.toLowerCase();
  return [...STRIPPED_TAGS].some((name) => lower.includes(name)) || mayHoldSecret(text);
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // A plain assignment to `__proto__` would swap the prototype and drop the key from the
  // output; JSON.parse creates it as an ordinary own property, so we must too.
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}

/**
 * A key sanitized like any text (a map keyed by token or holding a private block must not keep
 * it in its keys); when two keys sanitize to the same text, the later ones get ` #2`, ` #3`, ...
 * so that no value is lost. `next` remembers the next suffix per text: probing from ` #2` each
 * time made 10,000 keys that redact alike take 44 s (issue 12).
 */
function uniqueKey(
  result: Record<string, unknown>,
  key: string,
  next: Map<string, number>,
): string {
  const clean = sanitizeText(key);
  if (clean === key || !Object.hasOwn(result, clean)) return clean;
  let n = next.get(clean) ?? 2;
  while (Object.hasOwn(result, `${clean} #${n}`)) n += 1;
  next.set(clean, n + 1);
  return `${clean} #${n}`;
}

function walkObject(value: object, depth: number, ancestors: Set<object>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const next = new Map<string, number>();
  for (const [key, child] of Object.entries(value)) {
    setOwn(result, uniqueKey(result, key, next), walk(child, depth + 1, ancestors));
  }
  return result;
}

function walk(value: unknown, depth: number, ancestors: Set<object>): unknown {
  if (typeof value === 'string') return sanitizeText(value);
  if (typeof value !== 'object' || value === null) return value;
  // Objects with toJSON (Date, Buffer) serialise themselves; walking their keys would change
  // what JSON.stringify prints.
  if (!Array.isArray(value) && typeof Reflect.get(value, 'toJSON') === 'function') return value;
  if (depth >= MAX_DEPTH) return TOO_DEEP;
  if (ancestors.has(value)) return CIRCULAR;
  ancestors.add(value);
  const result = Array.isArray(value)
    ? value.map((item: unknown) => walk(item, depth + 1, ancestors))
    : walkObject(value, depth, ancestors);
  ancestors.delete(value);
  return result;
}

/**
 * Returns a new JSON-like value in which every string, value or key, went through
 * {@link sanitizeText}. Numbers, booleans, null and other non-containers are returned as is.
 * Containers more than 64 levels deep become `'[claude-mem: too deep]'` and a reference
 * cycle becomes `'[claude-mem: circular]'`, so hostile input cannot exhaust the stack.
 */
export function sanitizeValue(value: unknown): unknown {
  // Most values are strings: no set of ancestors for them (a bulk import cleans five a row).
  return typeof value === 'string' ? sanitizeText(value) : walk(value, 0, new Set());
}

/**
 * How a captured tool input or response is stored: sanitized, then, if its JSON text (or the
 * string itself) is longer than `maxChars`, that text elided to `maxChars` as a string.
 * Deterministic and pure, so stored rows can be recomputed from the transcript.
 */
export function sanitizeToolField(value: unknown, maxChars: number): unknown {
  const sanitized = sanitizeValue(value);
  const text = typeof sanitized === 'string' ? sanitized : stringify(sanitized);
  return text !== undefined && text.length > maxChars ? elide(text, maxChars) : sanitized;
}

function stringify(value: unknown): string | undefined {
  // BigInt and throwing toJSON make JSON.stringify throw; such a value is kept unsized rather
  // than breaking the hook that captures it.
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
