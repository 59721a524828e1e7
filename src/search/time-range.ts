import { SearchInputError } from './search-input-error.ts';

const UNIT_MS: Record<string, number> = {
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
};

const EXPECTED =
  'expected a date (2025-01-31), a date and time, epoch milliseconds or an age (90m, 12h, 7d, 2w)';

/**
 * A point in time from user text: epoch milliseconds, an ISO date (local midnight) or date-time,
 * or an age before `now` such as `7d`. Throws SearchInputError naming `field` otherwise.
 */
export function parseTime(text: string, field: string, now: number): number {
  const value = text.trim();
  if (/^\d{9,}$/.test(value)) return Number(value);
  const age = /^(\d{1,6})\s*([mhdw])$/i.exec(value);
  if (age) return now - Number(age[1]) * (UNIT_MS[age[2]!.toLowerCase()] ?? 0);
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? localMidnight(value)
    : /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value)
      ? Date.parse(value)
      : Number.NaN;
  if (!Number.isFinite(at)) throw new SearchInputError(field, EXPECTED);
  return at;
}

/** `2025-01-31` at local midnight; NaN for a day that does not exist (2025-02-30). */
function localMidnight(text: string): number {
  const [year = 0, month = 0, day = 0] = text.split('-').map(Number);
  const date = new Date(year, month - 1, day);
  return date.getMonth() === month - 1 && date.getDate() === day ? date.getTime() : Number.NaN;
}
