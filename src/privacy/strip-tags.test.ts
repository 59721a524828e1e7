import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isFullyPrivate, stripTags } from './strip-tags.ts';

test('removes a private block with its content', () => {
  assert.equal(stripTags('before <private>my ssn</private> after'), 'before  after');
});

test('removes claude-mem-context, claude-mem-recall and system-reminder blocks', () => {
  const text =
    'a<claude-mem-context>old memory</claude-mem-context>b<system-reminder>x</system-reminder>c' +
    '<claude-mem-recall>\n[#12] recalled line\n</claude-mem-recall>d';
  assert.equal(stripTags(text), 'abcd');
});

test('removes blocks spanning lines and every block in the text', () => {
  assert.equal(stripTags('1<private>\nx\n</private>2<private>y</private>3'), '123');
});

test('matches tag names case-insensitively', () => {
  assert.equal(stripTags('a<PRIVATE>x</Private>b<System-Reminder>y</SYSTEM-REMINDER>c'), 'abc');
});

test('tolerates whitespace and attributes inside the tags', () => {
  assert.equal(stripTags('a<private >x</private >b'), 'ab');
  assert.equal(stripTags('a<private reason="ssn">x</private>b'), 'ab');
  assert.equal(stripTags('a<private\n>x</private\t>b'), 'ab');
});

test('counts depth for nested tags of the same name', () => {
  assert.equal(stripTags('<private>a<private>b</private>c</private>d'), 'd');
});

test('treats other stripped tags inside a block as content', () => {
  const text = '<private>a<system-reminder>b</private>c</system-reminder>d';
  assert.equal(stripTags(text), 'cd');
});

test('hides everything after an unclosed opening tag', () => {
  assert.equal(stripTags('visible <private>secret with no end'), 'visible ');
  assert.equal(stripTags('a<private>b<private>c</private>d'), 'a');
});

test('removes a stray closing tag and keeps the text around it', () => {
  assert.equal(stripTags('a</private>b</system-reminder>c'), 'abc');
});

test('removes a self-closing tag on its own', () => {
  assert.equal(stripTags('a<private/>b<private />c'), 'abc');
});

test('leaves other tags and look-alike names alone', () => {
  const text = '<p>x</p> <privateer>y</privateer> <private-notes>z</private-notes> a < b';
  assert.equal(stripTags(text), text);
});

test('leaves an opening tag without a closing angle bracket alone', () => {
  assert.equal(stripTags('a <private and more'), 'a <private and more');
  assert.equal(stripTags('a <private <b>c</b>'), 'a <private <b>c</b>');
});

test('returns text without any tag unchanged', () => {
  assert.equal(stripTags(''), '');
  assert.equal(stripTags('plain text, 2 < 3 and 4 > 1'), 'plain text, 2 < 3 and 4 > 1');
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

test('strips again when removing a block joins the pieces around it into a new tag', () => {
  assert.equal(stripTags('a<pri<private>x</private>vate>secret</private>b'), 'a');
  assert.equal(stripTags('</system-reminder<system-reminder/>>'), '');
});

test('strips self-closing tags that removals keep forming, a few levels deep', () => {
  assert.equal(stripTags(`keep${'<pri'.repeat(3)}<private/>${'vate/>'.repeat(3)}tail`), 'keeptail');
});

test('hides the rest when removals keep forming new tags past a few passes (adversarial)', () => {
  const text = `keep${'<pri'.repeat(8)}<private/>${'vate/>'.repeat(8)}tail`;
  assert.equal(stripTags(text), 'keep<pri<pri<pri<pri');
});
