import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isFullyPrivate, stripTags } from './strip-tags.ts';

/** Per behaviour: texts and what is left of them once the tags are stripped. */
const CASES: Array<[string, Array<[string, string]>]> = [
  [
    'removes a private block with its content',
    [['before <private>my ssn</private> after', 'before  after']],
  ],
  [
    'removes blocks spanning lines and every block in the text',
    [['1<private>\nx\n</private>2<private>y</private>3', '123']],
  ],
  [
    'matches tag names case-insensitively',
    [['a<PRIVATE>x</Private>b<System-Reminder>y</SYSTEM-REMINDER>c', 'abc']],
  ],
  [
    'tolerates whitespace and attributes inside the tags',
    [
      ['a<private >x</private >b', 'ab'],
      ['a<private reason="ssn">x</private>b', 'ab'],
      ['a<private\n>x</private\t>b', 'ab'],
    ],
  ],
  [
    'counts depth for nested tags of the same name',
    [['<private>a<private>b</private>c</private>d', 'd']],
  ],
  [
    'hides everything after an unclosed opening tag',
    [
      ['visible <private>secret with no end', 'visible '],
      ['a<private>b<private>c</private>d', 'a'],
    ],
  ],
  [
    'removes a stray closing tag and keeps the text around it',
    [['a</private>b</system-reminder>c', 'abc']],
  ],
  ['removes a self-closing tag on its own', [['a<private/>b<private />c', 'abc']]],
  [
    'leaves an opening tag without a closing angle bracket alone',
    [
      ['a <private and more', 'a <private and more'],
      ['a <private <b>c</b>', 'a <private <b>c</b>'],
    ],
  ],
  [
    'returns text without any tag unchanged',
    [
      ['', ''],
      ['plain text, 2 < 3 and 4 > 1', 'plain text, 2 < 3 and 4 > 1'],
    ],
  ],
  [
    'strips again when removing a block joins the pieces around it into a new tag',
    [
      ['a<pri<private>x</private>vate>secret</private>b', 'a'],
      ['</system-reminder<system-reminder/>>', ''],
    ],
  ],
];

for (const [name, cases] of CASES) {
  test(name, () => {
    for (const [text, expected] of cases) assert.equal(stripTags(text), expected);
  });
}

test('removes claude-mem-context, claude-mem-recall and system-reminder blocks', () => {
  const text =
    'a<claude-mem-context>old memory</claude-mem-context>b<system-reminder>x</system-reminder>c' +
    '<claude-mem-recall>\n[#12] recalled line\n</claude-mem-recall>d';
  assert.equal(stripTags(text), 'abcd');
});

test('treats other stripped tags inside a block as content', () => {
  const text = '<private>a<system-reminder>b</private>c</system-reminder>d';
  assert.equal(stripTags(text), 'cd');
});

test('leaves other tags and look-alike names alone', () => {
  const text = '<p>x</p> <privateer>y</privateer> <private-notes>z</private-notes> a < b';
  assert.equal(stripTags(text), text);
});

test('strips 100,000 tag pairs in one pass', () => {
  const text = 'k<private>s</private>'.repeat(100_000);
  assert.equal(stripTags(text), 'k'.repeat(100_000));
});

test('hides 1 MB of opening tags that never close', () => {
  assert.equal(stripTags('start' + '<private>'.repeat(120_000)), 'start');
  assert.equal(stripTags('<private>' + 'a'.repeat(1_000_000)), '');
});

test('handles 100,000 levels of nesting', () => {
  const text = '<private>'.repeat(100_000) + 'x' + '</private>'.repeat(100_000) + 'kept';
  assert.equal(stripTags(text), 'kept');
});

test('handles 1 MB of stray angle brackets and half-open tags', () => {
  assert.equal(stripTags('<'.repeat(1_000_000)).length, 1_000_000);
  assert.equal(stripTags('<private '.repeat(100_000)), '<private '.repeat(100_000));
  assert.equal(stripTags('</private>'.repeat(100_000) + 'z'), 'z');
});

test('isFullyPrivate is true when only tags and whitespace remain', () => {
  assert.equal(isFullyPrivate('<private>all of it</private>'), true);
  assert.equal(
    isFullyPrivate('  \n<private>a</private> <system-reminder>b</system-reminder>\n'),
    true,
  );
  assert.equal(isFullyPrivate('<private>no closing tag'), true);
});

test('isFullyPrivate is false when text survives or no tag is present', () => {
  assert.equal(isFullyPrivate('<private>a</private> but this'), false);
  assert.equal(isFullyPrivate('   '), false);
  assert.equal(isFullyPrivate(''), false);
  assert.equal(isFullyPrivate('<privateer>x</privateer>'), false);
});

test('strips self-closing tags that removals keep forming, a few levels deep', () => {
  assert.equal(stripTags(`keep${'<pri'.repeat(3)}<private/>${'vate/>'.repeat(3)}tail`), 'keeptail');
});

test('hides the rest when removals keep forming new tags past a few passes (adversarial)', () => {
  const text = `keep${'<pri'.repeat(8)}<private/>${'vate/>'.repeat(8)}tail`;
  assert.equal(stripTags(text), 'keep<pri<pri<pri<pri');
});
