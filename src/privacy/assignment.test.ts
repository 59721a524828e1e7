import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assignmentSource, replaceAssignment } from './assignment.ts';

/** Applies a `secret` assignment rule the way redactSecrets does. */
function redact(text: string, keep?: (name: string, value: string) => boolean): string {
  const pattern = new RegExp(assignmentSource('secret'), 'g');
  const replace = replaceAssignment('t', keep);
  return text.replace(pattern, (match: string, ...args: unknown[]) => {
    const offset = Number(args.at(-2));
    const groups = args.slice(0, -2).map((group) => (typeof group === 'string' ? group : ''));
    return replace(match, groups, text.charAt(offset + match.length));
  });
}

test('keeps the name, separator and quotes and redacts the value', () => {
  assert.equal(redact('secret=abc'), 'secret=[REDACTED:t]');
  assert.equal(redact('secret = "a b c"'), 'secret = "[REDACTED:t]"');
  assert.equal(redact("secret: 'abc'"), "secret: '[REDACTED:t]'");
  assert.equal(redact('"secret": "abc"'), '"secret": "[REDACTED:t]"');
  assert.equal(redact('secret := "abc"'), 'secret := "[REDACTED:t]"');
});

test('redacts a JSON string with escaped quotes whole', () => {
  assert.equal(redact('{"secret": "a\\"b\\\\"}'), '{"secret": "[REDACTED:t]"}');
});

test('ends a bare value at whitespace, quotes and delimiters', () => {
  assert.equal(redact('secret=abc def'), 'secret=[REDACTED:t] def');
  assert.equal(redact('?secret=abc&x=1'), '?secret=[REDACTED:t]&x=1');
  assert.equal(redact('{secret: abc}'), '{secret: [REDACTED:t]}');
  assert.equal(redact('secret=YWJj=='), 'secret=[REDACTED:t]');
});

test('leaves comparisons, arrows and empty values alone', () => {
  assert.equal(redact('if secret == "x"'), 'if secret == "x"');
  assert.equal(redact('secret => 1'), 'secret => 1');
  assert.equal(redact('secret=\nnext'), 'secret=\nnext');
  assert.equal(redact('secret: ""'), 'secret: ""');
});

test('leaves bare values that read as code alone', () => {
  const code = 'secret: string; secret: null; secret = cfg.secret; secret = read(); secret=$SECRET';
  assert.equal(redact(code), code);
});

test('still redacts quoted values that read as code', () => {
  assert.equal(redact('secret = "cfg.secret"'), 'secret = "[REDACTED:t]"');
});

test('leaves values already redacted by a more specific rule alone', () => {
  assert.equal(redact('secret="[REDACTED:jwt]"'), 'secret="[REDACTED:jwt]"');
});

test('lets a rule veto values it knows are harmless', () => {
  assert.equal(
    redact('secret=/a/b secret=c', (_name, value) => value.startsWith('/')),
    'secret=/a/b secret=[REDACTED:t]',
  );
});
