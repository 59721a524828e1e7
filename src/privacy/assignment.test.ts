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

/** Per behaviour: texts and what the rule makes of them. */
const CASES: Array<[string, Array<[string, string]>]> = [
  [
    'keeps the name, separator and quotes and redacts the value',
    [
      ['secret=abc', 'secret=[REDACTED:t]'],
      ['secret = "a b c"', 'secret = "[REDACTED:t]"'],
      ["secret: 'abc'", "secret: '[REDACTED:t]'"],
      ['"secret": "abc"', '"secret": "[REDACTED:t]"'],
      ['secret := "abc"', 'secret := "[REDACTED:t]"'],
    ],
  ],
  [
    'redacts a JSON string with escaped quotes whole',
    [['{"secret": "a\\"b\\\\"}', '{"secret": "[REDACTED:t]"}']],
  ],
  [
    'ends a bare value at whitespace, quotes and delimiters',
    [
      ['secret=abc def', 'secret=[REDACTED:t] def'],
      ['?secret=abc&x=1', '?secret=[REDACTED:t]&x=1'],
      ['{secret: abc}', '{secret: [REDACTED:t]}'],
      ['secret=YWJj==', 'secret=[REDACTED:t]'],
    ],
  ],
  [
    'leaves comparisons, arrows and empty values alone',
    [
      ['if secret == "x"', 'if secret == "x"'],
      ['secret => 1', 'secret => 1'],
      ['secret=\nnext', 'secret=\nnext'],
      ['secret: ""', 'secret: ""'],
    ],
  ],
  [
    'leaves bare values that read as code alone',
    [
      [
        'secret: string; secret: null; secret = cfg.secret; secret = read(); secret=$SECRET',
        'secret: string; secret: null; secret = cfg.secret; secret = read(); secret=$SECRET',
      ],
    ],
  ],
  [
    'still redacts quoted values that read as code',
    [['secret = "cfg.secret"', 'secret = "[REDACTED:t]"']],
  ],
  [
    'leaves values already redacted by a more specific rule alone',
    [['secret="[REDACTED:jwt]"', 'secret="[REDACTED:jwt]"']],
  ],
];

for (const [name, cases] of CASES) {
  test(name, () => {
    for (const [text, expected] of cases) assert.equal(redact(text), expected);
  });
}

test('lets a rule veto values it knows are harmless', () => {
  assert.equal(
    redact('secret=/a/b secret=c', (_name, value) => value.startsWith('/')),
    'secret=/a/b secret=[REDACTED:t]',
  );
});
