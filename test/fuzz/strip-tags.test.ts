// Property-based fuzzing of the tag stripper (src/privacy/strip-tags.ts), fixed seed, bounded.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isFullyPrivate, stripTags } from '../../src/privacy/index.ts';
import { anyText, fuzzOptions, textOf } from '../helpers/fuzz.ts';

const CANARY = 'CANARY\u{1F512}4d1e';
const NAMES = ['private', 'claude-mem-context', 'system-reminder'];
const PIECES = [
  ...NAMES.flatMap((name) => [
    `<${name}>`,
    `</${name}>`,
    `<${name.toUpperCase()}>`,
    `<${name} reason="x">`,
    `<${name}/>`,
    `<${name}`,
    `</${name}`,
    name.slice(0, 4),
    name.slice(4),
  ]),
  '<privateer>',
  '<private-x>',
  '<',
  '</',
  '>',
  '/>',
];

/** Text full of fragments of our tags (never the canary). */
const tagSoup = textOf(PIECES, 24).filter((text) => !text.includes(CANARY));

/** A well-formed opener of one of our tags and a matching closer (or none: unclosed). */
const block = fc.record({
  name: fc.constantFrom(...NAMES),
  upper: fc.boolean(),
  attributes: fc.constantFrom('', ' ', ' reason="ssn"', '\n'),
  closed: fc.boolean(),
});

test('never throws and never lengthens any text', () => {
  fc.assert(
    fc.property(fc.oneof(anyText(300), tagSoup), (text) => {
      assert.ok(stripTags(text).length <= text.length);
    }),
    fuzzOptions(2000),
  );
});

test('never lets content inside a well-formed block through, whatever surrounds it', () => {
  fc.assert(
    fc.property(tagSoup, block, tagSoup, (before, b, after) => {
      const name = b.upper ? b.name.toUpperCase() : b.name;
      const text = `${before}<${name}${b.attributes}>${CANARY}${b.closed ? `</${name}>` : ''}${after}`;
      assert.equal(stripTags(text).includes(CANARY), false);
    }),
    fuzzOptions(3000),
  );
});

test('leaves none of our tags behind: stripping twice changes nothing', () => {
  fc.assert(
    fc.property(tagSoup, (text) => {
      const once = stripTags(text);
      assert.equal(stripTags(once), once);
    }),
    fuzzOptions(3000),
  );
});

test('a fully private text strips to whitespace', () => {
  fc.assert(
    fc.property(fc.oneof(tagSoup, anyText(100)), (text) => {
      assert.equal(isFullyPrivate(text) && stripTags(text).trim() !== '', false);
    }),
    fuzzOptions(2000),
  );
});

test('text without a "<" comes back unchanged', () => {
  fc.assert(
    fc.property(anyText(300), (text) => {
      const plain = text.replaceAll('<', '');
      assert.equal(stripTags(plain), plain);
    }),
    fuzzOptions(1000),
  );
});
