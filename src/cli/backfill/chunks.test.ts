import assert from 'node:assert/strict';
import { test } from 'node:test';
import { promptEvent, toolEvent, turnEndEvent } from '../../../test/helpers/spool-events.ts';
import { chunkRanges } from './chunks.ts';

const turn = (tools: number) => [
  promptEvent(),
  ...Array.from({ length: tools }, () => toolEvent()),
  turnEndEvent(),
];

test('cuts only before a prompt, once a request is full', () => {
  const events = [...turn(3), ...turn(1), ...turn(4), ...turn(0)];
  assert.deepEqual(chunkRanges(events, { maxEvents: 4, maxBytes: 1e9 }), [
    [0, 5],
    [5, 14],
    [14, 16],
  ]);
});

test('a turn larger than a request stays whole, and a byte limit cuts too', () => {
  const events = [...turn(10), ...turn(1)];
  assert.deepEqual(chunkRanges(events, { maxEvents: 3, maxBytes: 1e9 }), [
    [0, 12],
    [12, 15],
  ]);
  assert.deepEqual(chunkRanges(turn(1).concat(turn(1)), { maxEvents: 100, maxBytes: 10 }), [
    [0, 3],
    [3, 6],
  ]);
  assert.deepEqual(chunkRanges([]), []);
});
