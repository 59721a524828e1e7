const pad = (n: number): string => String(n).padStart(2, '0');

/** `2025-05-31`, local time. */
export function dayOf(ms: number): string {
  const date = new Date(ms);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `14:05`, local time. */
export function timeOf(ms: number): string {
  const date = new Date(ms);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * One line of at most `max` characters: whitespace runs (newlines included) become one space,
 * and a longer text ends at a word boundary with `…`. Never splits a surrogate pair.
 */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = Array.from(flat)
    .slice(0, max - 1)
    .join('');
  const space = flat[cut.length] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}
