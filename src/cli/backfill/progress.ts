/** Where progress goes: stderr, redrawn in place when it is a terminal. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean | undefined;
}

/** A progress display of events sent and sessions done, with an ETA. */
export interface Progress {
  update(events: number, sessions: number): void;
  finish(): void;
}

/** `45s`, `3m 05s`, `1h 02m`. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${two(s % 60)}s`;
  return `${Math.floor(s / 3600)}h ${two(Math.floor((s % 3600) / 60))}m`;
}

const BAR = 24;
const n = (value: number): string => value.toLocaleString('en-US');

/**
 * Progress of a backfill on `stream`: on a terminal a bar redrawn in place (at most every
 * 100 ms), otherwise one plain line per 10% so logs stay short.
 */
export function createProgress(options: {
  totalEvents: number;
  /** Undefined while unknown (a scan still finding sessions): the count is shown alone. */
  totalSessions: number | undefined;
  stream: ProgressStream;
  now?: () => number;
  /** What the plain lines start with (default `import-transcripts`). */
  label?: string;
  /** What the two counters count (default events and sessions). */
  units?: readonly [string, string];
}): Progress {
  const [unit, second] = options.units ?? ['events', 'sessions'];
  const label = options.label ?? 'import-transcripts';
  const of = (count: number, total: number | undefined) =>
    total === undefined ? n(count) : `${n(count)}/${n(total)}`;
  const now = options.now ?? Date.now;
  const started = now();
  const tty = options.stream.isTTY === true;
  let drawnAt = 0;
  let step = 0;
  let last = '';
  const text = (events: number, sessions: number): string => {
    const share = options.totalEvents === 0 ? 1 : events / options.totalEvents;
    const elapsed = now() - started;
    const eta =
      events === 0
        ? ''
        : `, ETA ${formatDuration((elapsed / events) * (options.totalEvents - events))}`;
    const counts = `${of(events, options.totalEvents)} ${unit}, ${of(sessions, options.totalSessions)} ${second}${eta}`;
    const percent = `${String(Math.floor(share * 100)).padStart(3)}%`;
    if (!tty) return `${label}: ${percent.trim()} (${counts})`;
    const filled = Math.round(share * BAR);
    const prefix = options.label === undefined ? '' : `${label} `;
    return `${prefix}[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${percent} ${counts}`;
  };
  return {
    update(events, sessions) {
      last = text(events, sessions);
      const share = options.totalEvents === 0 ? 1 : events / options.totalEvents;
      if (tty && now() - drawnAt >= 100) {
        options.stream.write(`\r${last}\x1b[K`);
        drawnAt = now();
      } else if (!tty && Math.floor(share * 10) > step) {
        step = Math.floor(share * 10);
        options.stream.write(`${last}\n`);
      }
    },
    finish() {
      if (tty && last !== '') options.stream.write(`\r${last}\x1b[K\n`);
    },
  };
}
