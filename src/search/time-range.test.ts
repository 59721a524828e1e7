import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SearchInputError } from './search-input-error.ts';
import { parseTime } from './time-range.ts';

const NOW = Date.UTC(2025, 0, 31, 12);

test('ages count back from now', () => {
  assert.equal(parseTime('7d', 'since', NOW), NOW - 7 * 86_400_000);
  assert.equal(parseTime('12h', 'since', NOW), NOW - 12 * 3_600_000);
  assert.equal(parseTime('90m', 'since', NOW), NOW - 90 * 60_000);
  assert.equal(parseTime('2W', 'since', NOW), NOW - 14 * 86_400_000);
});

test('a date is local midnight; a date-time and epoch milliseconds are taken as given', () => {
  assert.equal(parseTime('2025-01-31', 'since', NOW), new Date(2025, 0, 31).getTime());
  assert.equal(parseTime('2025-01-31T10:00:00Z', 'since', NOW), Date.UTC(2025, 0, 31, 10));
  assert.equal(parseTime('1738310400000', 'until', NOW), 1738310400000);
});

test('anything else is a SearchInputError naming the field', () => {
  for (const text of ['yesterday', '2025-13-45', '', '7 days', '1e3', '-5d']) {
    assert.throws(
      () => parseTime(text, 'until', NOW),
      (error: unknown) => {
        assert.ok(error instanceof SearchInputError);
        assert.equal(error.field, 'until');
        assert.match(error.message, /^until: expected a date/);
        return true;
      },
    );
  }
});
