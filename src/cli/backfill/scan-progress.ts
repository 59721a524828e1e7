import { createProgress, type ProgressStream } from './progress.ts';

/** Progress reporters of the work before the preview, for planSessions and chooseSessions. */
export interface ScanProgress {
  /** After each transcript file read: files done, sessions found so far. */
  scanned(files: number, sessions: number): void;
  /** Once the sessions to replay are known; the reporter takes sessions done and events found. */
  reading(sessions: number): (done: number, events: number) => void;
}

/**
 * The transcript scan's progress on `stream` (stderr), the same display as the import's: a bar
 * on a terminal, a line per 10% otherwise. Two phases: reading every file, then replaying the
 * sessions to count their events and cost; `--dry-run` does both before it prints anything.
 */
export function createScanProgress(
  stream: ProgressStream,
  files: number,
  now?: () => number,
): ScanProgress {
  const scan = createProgress({
    totalEvents: files,
    totalSessions: undefined,
    stream,
    now,
    label: 'scanning transcripts',
    units: ['files', 'sessions found'],
  });
  return {
    scanned(done, sessions) {
      scan.update(done, sessions);
      if (done === files) scan.finish();
    },
    reading(sessions) {
      const replay = createProgress({
        totalEvents: sessions,
        totalSessions: undefined,
        stream,
        now,
        label: 'reading sessions',
        units: ['sessions', 'events'],
      });
      return (done, events) => {
        replay.update(done, events);
        if (done === sessions) replay.finish();
      };
    },
  };
}
