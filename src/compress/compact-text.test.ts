import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compactText, trimSharedLines } from './compact-text.ts';

const block = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} ${i}`);

test('an edit that shares little with its old text comes back unchanged', () => {
  assert.deepEqual(trimSharedLines('a\nb\nc', 'a\nB\nc'), { before: 'a\nb\nc', after: 'a\nB\nc' });
  assert.deepEqual(trimSharedLines('x', 'y'), { before: 'x', after: 'y' });
});

test('shared leading lines are cut to one line of context with a count', () => {
  const head = block(5, 'same');
  const { before, after } = trimSharedLines(
    [...head, 'old'].join('\n'),
    [...head, 'new'].join('\n'),
  );
  assert.equal(before, '…[4 lines the same in old and new]…\nsame 4\nold');
  assert.equal(after, '…[4 lines the same in old and new]…\nsame 4\nnew');
});

test('an insertion keeps every new line; only the shared ones around it go', () => {
  const head = block(4, 'h');
  const tail = block(4, 't');
  const { before, after } = trimSharedLines(
    [...head, ...tail].join('\n'),
    [...head, 'added 1', 'added 2', ...tail].join('\n'),
  );
  assert.equal(
    before,
    '…[3 lines the same in old and new]…\nh 3\nt 0\n…[3 lines the same in old and new]…',
  );
  assert.equal(
    after,
    '…[3 lines the same in old and new]…\nh 3\nadded 1\nadded 2\nt 0\n…[3 lines the same in old and new]…',
  );
});

test('compactText drops trailing spaces, line-number padding and runs of blank lines', () => {
  assert.equal(compactText('     9→x  \n    10→  y\t\n\n\n\nz'), '9→x\n10→  y\n\nz');
  assert.equal(compactText('  indented code\n'), '  indented code\n');
});
