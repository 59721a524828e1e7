import assert from 'node:assert/strict';
import { test } from 'node:test';
import { elide } from './elide.ts';

const MARKER = /\n…\[claude-mem: elided (\d+) of (\d+) chars\]…\n/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Splits an elided result around its marker. */
function parts(result: string): { head: string; tail: string; elided: number; total: number } {
  const match = MARKER.exec(result);
  const index = match?.index ?? -1;
  return {
    head: result.slice(0, index),
    tail: result.slice(index + (match?.[0].length ?? 0)),
    elided: Number(match?.[1]),
    total: Number(match?.[2]),
  };
}

test('returns text that fits unchanged', () => {
  assert.equal(elide('short', 100), 'short');
  assert.equal(elide('x'.repeat(100), 100), 'x'.repeat(100));
});

test('keeps the result within maxChars, marker included', () => {
  const text = 'abcdefghij'.repeat(10_000);
  for (const max of [60, 61, 99, 100, 101, 1_000, 4_096, 20_000, 99_999]) {
    assert.ok(elide(text, max).length <= max, `maxChars ${max}`);
  }
});

test('uses most of the budget', () => {
  assert.ok(elide('x'.repeat(100_000), 1_000).length >= 998);
});

test('reports how many of how many chars were cut', () => {
  const text = 'h'.repeat(5_000) + 't'.repeat(5_000);
  const { head, tail, elided, total } = parts(elide(text, 1_000));
  assert.equal(total, 10_000);
  assert.equal(head.length + elided + tail.length, 10_000);
  assert.equal(text.startsWith(head), true);
  assert.equal(text.endsWith(tail), true);
});

test('keeps about two thirds head and one third tail', () => {
  const { head, tail } = parts(elide('x'.repeat(100_000), 3_049));
  assert.equal(Math.round(head.length / tail.length), 2);
});

test('never splits a surrogate pair at either cut', () => {
  const text = '😀'.repeat(10_000);
  for (const max of [100, 101, 102, 103, 1_000, 1_001]) {
    assert.doesNotMatch(elide(text, max), LONE_SURROGATE, `maxChars ${max}`);
    assert.ok(elide(text, max).length <= max);
  }
});

test('appends the marker to a head cut when the marker alone does not fit', () => {
  const text = 'y'.repeat(1_000);
  assert.equal(elide(text, 10), `${'y'.repeat(10)}\n…[claude-mem: elided 990 of 1000 chars]…\n`);
  assert.equal(elide(text, 0), '\n…[claude-mem: elided 1000 of 1000 chars]…\n');
});

test('treats a negative or NaN limit as zero and Infinity as no limit', () => {
  assert.equal(elide('abc', -5), '\n…[claude-mem: elided 3 of 3 chars]…\n');
  assert.equal(elide('abc', Number.NaN), '\n…[claude-mem: elided 3 of 3 chars]…\n');
  assert.equal(elide('abc', Number.POSITIVE_INFINITY), 'abc');
});
