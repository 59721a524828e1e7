/** The marker put where text was cut out; `elided` of `total` UTF-16 code units. */
function elisionMarker(elided: number, total: number): string {
  return `\n…[claude-mem: elided ${elided} of ${total} chars]…\n`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Length of a head of at most `length` units that does not end inside a surrogate pair. */
function safeHeadLength(text: string, length: number): number {
  return length > 0 && isHighSurrogate(text.charCodeAt(length - 1)) ? length - 1 : length;
}

/** Length of a tail of at most `length` units that does not start inside a surrogate pair. */
function safeTailLength(text: string, length: number): number {
  const start = text.length - length;
  return length > 0 && isLowSurrogate(text.charCodeAt(start)) ? length - 1 : length;
}

function normalizeLimit(maxChars: number): number {
  if (Number.isNaN(maxChars)) return 0;
  return Math.max(0, Math.floor(maxChars));
}

/**
 * Shortens `text` to at most `maxChars` UTF-16 code units by keeping about two thirds from the
 * head and one third from the tail, with a marker saying how much was cut in between:
 * `\n…[claude-mem: elided N of M chars]…\n`. The marker counts towards `maxChars`, and a
 * surrogate pair is never split. Text that already fits comes back unchanged.
 *
 * When `maxChars` is too small to hold the marker (under about 50), the result is the first
 * `maxChars` units followed by the marker, so it may exceed `maxChars` by the marker's length.
 *
 * @example elide('x'.repeat(1000), 100).length <= 100 // true
 */
export function elide(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const limit = normalizeLimit(maxChars);
  const total = text.length;
  // N <= M, so a marker written with M in place of N is never shorter than the real one.
  const budget = limit - elisionMarker(total, total).length;
  if (budget < 0) {
    const head = safeHeadLength(text, limit);
    return text.slice(0, head) + elisionMarker(total - head, total);
  }
  const head = safeHeadLength(text, Math.ceil((budget * 2) / 3));
  const tail = safeTailLength(text, budget - Math.ceil((budget * 2) / 3));
  const tailText = tail > 0 ? text.slice(total - tail) : '';
  return text.slice(0, head) + elisionMarker(total - head - tail, total) + tailText;
}
