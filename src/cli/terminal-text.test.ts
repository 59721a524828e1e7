import assert from 'node:assert/strict';
import { test } from 'node:test';
import { terminalSafe } from './terminal-text.ts';

test('escape, OSC, CR and C1 controls print as escapes; tabs and newlines stay', () => {
  assert.equal(
    terminalSafe('a\u001b[2Jb\u001b]0;pwned\u0007c\rd\u009be\tf\ng\u007f'),
    'a\\u001b[2Jb\\u001b]0;pwned\\u0007c\\u000dd\\u009be\tf\ng\\u007f',
  );
});

test('JSON output stays the same JSON', () => {
  const json = JSON.stringify({ title: 'x\u0085y\u001bz' });
  assert.deepEqual(JSON.parse(terminalSafe(json)), { title: 'x\u0085y\u001bz' });
  assert.doesNotMatch(terminalSafe(json), /[\u0080-\u009f]/);
});
