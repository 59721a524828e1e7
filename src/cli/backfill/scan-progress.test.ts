import assert from 'node:assert/strict';
import { test } from 'node:test';
import { recordingProgressStream } from '../../../test/helpers/progress-stream.ts';
import { createScanProgress } from './scan-progress.ts';

function run(isTTY: boolean) {
  let clock = 0;
  const stream = recordingProgressStream(isTTY);
  const progress = createScanProgress(stream, 4, () => clock);
  for (const [files, sessions] of [
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 3],
  ] as const) {
    clock += 500;
    progress.scanned(files, sessions);
  }
  const read = progress.reading(2);
  clock += 1000;
  read(1, 40);
  clock += 1000;
  read(2, 90);
  return stream;
}

test('without a terminal the scan and the session reading print periodic plain lines', () => {
  assert.deepEqual(run(false).lines(), [
    'scanning transcripts: 25% (1/4 files, 1 sessions found, ETA 2s)',
    'scanning transcripts: 50% (2/4 files, 1 sessions found, ETA 1s)',
    'scanning transcripts: 75% (3/4 files, 2 sessions found, ETA 1s)',
    'scanning transcripts: 100% (4/4 files, 3 sessions found, ETA 0s)',
    'reading sessions: 50% (1/2 sessions, 40 events, ETA 1s)',
    'reading sessions: 100% (2/2 sessions, 90 events, ETA 0s)',
  ]);
});

test('on a terminal each phase is a bar redrawn in place and ended with a newline', () => {
  const out = run(true).text();
  assert.match(out, /^\rscanning transcripts \[#{6}\.{18}\]  25% 1\/4 files/);
  assert.match(
    out,
    /\rscanning transcripts \[#{24}\] 100% 4\/4 files, 3 sessions found, ETA 0s\x1b\[K\n/,
  );
  assert.match(out, /\rreading sessions \[#{24}\] 100% 2\/2 sessions, 90 events, ETA 0s\x1b\[K\n$/);
});
