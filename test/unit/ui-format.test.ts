import assert from 'node:assert/strict';
import { test } from 'node:test';
import { count, when } from '../../src/ui/src/shared/format.ts';

test('a date other than today carries its year; today only the time', () => {
  const at = new Date(2025, 2, 3, 14, 5).getTime();
  assert.equal(when(at, new Date(2026, 10, 24, 9, 0).getTime()), 'Mar 3, 2025, 14:05');
  assert.equal(when(at, new Date(2025, 2, 3, 20, 0).getTime()), '14:05');
});

test('counts are grouped by thousands, as the CLI prints them', () => {
  assert.equal(count(2228), '2,228');
});
