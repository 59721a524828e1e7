import assert from 'node:assert/strict';
import { test } from 'node:test';
import { recordingProgressStream } from '../../../test/helpers/progress-stream.ts';
import { createProgress, formatDuration } from './progress.ts';

function run(isTTY: boolean) {
  let clock = 0;
  const stream = recordingProgressStream(isTTY);
  const progress = createProgress({ totalEvents: 100, totalSessions: 4, stream, now: () => clock });
  for (const done of [5, 10, 15, 50, 100]) {
    clock += 1000;
    progress.update(done, Math.floor(done / 25));
  }
  progress.finish();
  return stream;
}

test('without a terminal: one plain line per 10% with counts and ETA', () => {
  assert.deepEqual(run(false).lines(), [
    'import-transcripts: 10% (10/100 events, 0/4 sessions, ETA 18s)',
    'import-transcripts: 50% (50/100 events, 2/4 sessions, ETA 4s)',
    'import-transcripts: 100% (100/100 events, 4/4 sessions, ETA 0s)',
  ]);
});

test('on a terminal: a bar redrawn in place, ended with a newline', () => {
  const out = run(true).text();
  assert.match(out, /^\r\[#\.{23}\]   5% 5\/100 events/);
  assert.match(out, /\r\[#{24}\] 100% 100\/100 events, 4\/4 sessions, ETA 0s\x1b\[K\n$/);
});

test('durations read as seconds, minutes or hours', () => {
  assert.deepEqual(
    [formatDuration(4_400), formatDuration(185_000), formatDuration(7_500_000)],
    ['4s', '3m 05s', '2h 05m'],
  );
});
