/** `12,345` */
export const count = (n: number): string => n.toLocaleString('en-US');

/** `1.2 MB` */
export function bytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** `Mar 3, 2026, 14:05` (today: `14:05`): a date always carries its year. */
export function when(ms: number, now = Date.now()): string {
  const date = new Date(ms);
  const time = date.toLocaleTimeString('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  if (new Date(now).toDateString() === date.toDateString()) return time;
  return `${date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}, ${time}`;
}

/** `$0.0012`, `$0`, or the note when the price is unknown. */
export function dollars(usd: number | null): string {
  if (usd === null) return 'cost n/a';
  if (usd === 0) return '$0';
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

/** The first 8 characters of a session id. */
export const shortId = (id: string | null): string => (id ? id.slice(0, 8) : 'no session');
