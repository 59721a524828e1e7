import assert from 'node:assert/strict';
import { test } from 'node:test';
import { observationMessage, OBSERVATION_SYSTEM } from './prompts.ts';
import { sliceTurn } from './slice.ts';
import { tokenCeiling } from '../domain/index.ts';
import type { CompressEvent, TurnBatch } from './types.ts';

const bash = (id: number, chars = 100): CompressEvent => ({
  id,
  toolName: 'Bash',
  input: { command: `echo ${id}` },
  response: { stdout: 'o'.repeat(chars) },
  error: null,
  failed: false,
  agentId: null,
  at: id,
});

const batch = (events: CompressEvent[]): TurnBatch => ({
  project: 'p',
  root: '/p',
  promptNumber: 1,
  prompt: 'do it',
  events,
});

const size = (b: TurnBatch, fieldChars: number) =>
  tokenCeiling(OBSERVATION_SYSTEM) +
  tokenCeiling(observationMessage(b, { root: b.root, fieldChars }));

test('a short turn is one slice, not full', () => {
  const slices = sliceTurn(batch([bash(1), bash(2)]), {
    maxEvents: 40,
    maxInputTokens: 12_000,
    fieldChars: 1000,
  });
  assert.deepEqual(
    slices.map((s) => [s.batch.events.map((e) => e.id), s.full]),
    [[[1, 2], false]],
  );
});

test('a long turn is cut every N events; the last slice is full only if it hit N', () => {
  const events = Array.from({ length: 7 }, (_, i) => bash(i + 1));
  const slices = sliceTurn(batch(events), {
    maxEvents: 3,
    maxInputTokens: 12_000,
    fieldChars: 1000,
  });
  assert.deepEqual(
    slices.map((s) => [s.batch.events.length, s.full]),
    [
      [3, true],
      [3, true],
      [1, false],
    ],
  );
});

test('slices are cut at K tokens and every request stays under it', () => {
  const events = Array.from({ length: 60 }, (_, i) => bash(i + 1, 900));
  const limits = { maxEvents: 500, maxInputTokens: 3_000, fieldChars: 1000 };
  const slices = sliceTurn(batch(events), limits);
  assert.ok(slices.length > 5);
  assert.deepEqual(
    slices.flatMap((s) => s.batch.events.map((e) => e.id)),
    events.map((e) => e.id),
  );
  assert.deepEqual(
    slices.filter((s) => size(s.batch, 1000) > 3_000 - 200),
    [],
  );
});

test('an event too big for any request is shrunk until it fits', () => {
  const huge: CompressEvent = {
    ...bash(1),
    input: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 'v'.repeat(900)])),
  };
  const [slice] = sliceTurn(batch([huge]), {
    maxEvents: 10,
    maxInputTokens: 3_000,
    fieldChars: 1000,
  });
  assert.ok(slice && size(slice.batch, 1000) <= 3_000);
});
