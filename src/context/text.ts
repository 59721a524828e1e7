const pad = (n: number): string => String(n).padStart(2, '0');

/** `2025-05-31`, local time. */
export function dayOf(ms: number): string {
  return stampOf(ms).day;
}

/** `14:05`, local time. */
export function timeOf(ms: number): string {
  return stampOf(ms).time;
}

/** The local day and time of `ms` (`2025-05-31`, `14:05`) from one Date. */
export function stampOf(ms: number): { day: string; time: string } {
  const date = new Date(ms);
  return {
    day: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  };
}

/** Whitespace that {@link clip} changes: any but a single space between words. */
const UNEVEN_SPACE = /[^\S ]| {2}|^ | $/;

/**
 * One line of at most `max` characters: whitespace runs (newlines included) become one space,
 * and a longer text ends at a word boundary with `…`. Never splits a surrogate pair.
 */
export function clip(text: string, max: number): string {
  // Most titles are one line already: a test, where the replace copied every one of them.
  const flat = UNEVEN_SPACE.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
  if (flat.length <= max) return flat;
  const cut = Array.from(flat)
    .slice(0, max - 1)
    .join('');
  const space = flat[cut.length] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}
