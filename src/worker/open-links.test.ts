import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OPEN_LINK_TTL_MS, createOpenLinks } from './open-links.ts';

test('a code is good once', () => {
  const links = createOpenLinks();
  const code = links.mint();
  assert.match(code, /^[\w-]{32}$/);
  assert.deepEqual([links.redeem(code), links.redeem(code)], [true, false]);
});

test('a code not minted here, or an empty one, is refused', () => {
  const links = createOpenLinks();
  links.mint();
  assert.deepEqual([links.redeem('guess'), links.redeem('')], [false, false]);
});

test('a code expires after its time to live, and is spent by the late try', () => {
  let now = 0;
  const links = createOpenLinks(() => now);
  const late = links.mint();
  const inTime = links.mint();
  now = OPEN_LINK_TTL_MS - 1;
  assert.equal(links.redeem(inTime), true);
  now = OPEN_LINK_TTL_MS;
  assert.equal(links.redeem(late), false);
});

test('at most 100 codes wait; minting more drops the oldest', () => {
  const links = createOpenLinks();
  const codes = Array.from({ length: 101 }, () => links.mint());
  assert.deepEqual(
    [links.redeem(codes[0] ?? ''), links.redeem(codes[1] ?? ''), links.redeem(codes[100] ?? '')],
    [false, true, true],
  );
});
