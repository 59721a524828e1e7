import assert from 'node:assert/strict';
import { test } from 'node:test';
import { needleScan } from './needle-scan.ts';

const EXACT = ['SK', 'sk-ant-', 'sk-', 'Q~', 'AKIA', 'PRIVATE KEY-----'];
const FOLDED = ['://', 'bearer', 'pass', 'pwd', 'token'];
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What the scan replaces: one regex alternation per case, as redact-secrets.ts had. */
function byRegex(text: string): boolean {
  const exact = new RegExp(EXACT.map(escape).join('|'));
  const folded = new RegExp(FOLDED.map(escape).join('|'), 'i');
  return exact.test(text) || folded.test(text);
}

test('finds exact needles as they are and folded ones in any case, anywhere in the text', () => {
  const { holds } = needleScan(EXACT, FOLDED);
  for (const text of ['SK', 'xSK', 'SKx', 'a sk-ant- b', 'Q~', 'https://x', 'BeArEr x', 'x PASS']) {
    assert.equal(holds(text), true, text);
  }
  for (const text of ['', 'S', 'sk', 'Sk', 'q~', 'akia', 'bear er', 'pas', 'plain words']) {
    assert.equal(holds(text), false, text);
  }
});

test('folds ASCII letters only, as a regex without the u flag does', () => {
  const { holds } = needleScan([], ['secret', 'key']);
  // U+017F (long s) upper-cases to S and U+212A (Kelvin) lower-cases to k: neither is folded.
  assert.equal(holds('\u017Fecret'), false);
  assert.equal(holds('\u212Aey'), false);
  assert.equal(holds('SeCrEt \u00e9'), true);
  assert.equal(holds('\u00e9key'), true);
});

test('agrees with a regex alternation on 20,000 generated texts', () => {
  const { holds } = needleScan(EXACT, FOLDED);
  const pieces = [
    ...EXACT,
    ...FOLDED,
    's',
    'k',
    'S',
    'K',
    '-',
    '~',
    'Q',
    'be',
    'ARER',
    ':/',
    '/',
    ' ',
    '\u00e9',
    'p',
  ];
  let seed = 7;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  let found = 0;
  for (let i = 0; i < 20_000; i += 1) {
    let text = '';
    for (let k = next(6); k > 0; k -= 1) {
      const piece = pieces[next(pieces.length)]!;
      text += next(3) === 0 ? piece.toUpperCase() : next(2) === 0 ? piece.slice(1) : piece;
    }
    const expected = byRegex(text);
    assert.equal(holds(text), expected, JSON.stringify(text));
    if (expected) found += 1;
  }
  assert.ok(found > 2_000 && found < 18_000, `both answers generated (${found} found)`);
});

test('finds every needle a text holds, overlapping ones included, folded ones in lower case', () => {
  const { found } = needleScan(EXACT, FOLDED);
  assert.deepEqual([...found('x sk-ant-1 Bearer SK')].sort(), ['SK', 'bearer', 'sk-', 'sk-ant-']);
  assert.deepEqual([...found('plain words')], []);
});

test('refuses a needle it cannot index: one character, or not ASCII', () => {
  assert.throws(() => needleScan(['K'], []), /needle "K": two or more ASCII characters expected/);
  assert.throws(() => needleScan([], ['cl\u00e9']), /two or more ASCII/);
});
