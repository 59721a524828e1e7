import assert from 'node:assert/strict';
import { test } from 'node:test';
import { relativize, renderEvent } from './render-event.ts';
import type { CompressEvent } from './types.ts';

const event = (overrides: Partial<CompressEvent>): CompressEvent => ({
  id: 1,
  toolName: 'Read',
  input: {},
  response: null,
  error: null,
  failed: false,
  agentId: null,
  at: 0,
  ...overrides,
});

const options = { root: '/work/app', fieldChars: 200 };

test('a read shows its path relative to the root and the file content, not bookkeeping', () => {
  const text = renderEvent(
    event({
      input: { file_path: '/work/app/src/a.ts' },
      response: {
        type: 'text',
        file: { filePath: '/work/app/src/a.ts', content: 'export const a = 1;', numLines: 1 },
      },
    }),
    3,
    options,
  );
  assert.equal(
    text,
    '<event n="3" tool="Read">\nfile_path: src/a.ts\n=> file.content: export const a = 1;\n</event>',
  );
});

test('an edit sends its input only: the result repeats it (originalFile, patch)', () => {
  const text = renderEvent(
    event({
      toolName: 'Edit',
      input: { file_path: '/work/app/a.ts', old_string: 'x', new_string: 'y', replace_all: false },
      response: { filePath: '/work/app/a.ts', originalFile: 'HUGE', structuredPatch: [] },
    }),
    1,
    options,
  );
  assert.equal(
    text,
    '<event n="1" tool="Edit">\nfile_path: a.ts\nold_string: x\nnew_string: y\n</event>',
  );
});

test('every field is elided to the budget with a marker', () => {
  const text = renderEvent(
    event({ toolName: 'Bash', input: { command: 'ls' }, response: { stdout: 'z'.repeat(5000) } }),
    1,
    options,
  );
  assert.match(text, /elided \d+ of 5000 chars/);
  assert.ok(text.length < 400);
});

test('a failure shows its error and flags, and no result', () => {
  const text = renderEvent(
    event({
      toolName: 'Bash',
      input: { command: 'exit 3' },
      error: 'Exit code 3\noops',
      failed: true,
      agentId: 'a1',
    }),
    2,
    options,
  );
  assert.equal(
    text,
    '<event n="2" tool="Bash" failed="true" subagent="true">\ncommand: exit 3\nerror: Exit code 3\noops\n</event>',
  );
});

test('relativize leaves text alone when the root is /', () => {
  assert.equal(relativize('/etc/hosts', '/'), '/etc/hosts');
  assert.equal(
    relativize('see /work/app/b.ts and /work/apple', '/work/app/'),
    'see b.ts and /work/apple',
  );
});
