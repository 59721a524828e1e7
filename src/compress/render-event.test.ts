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

/** What the compressor is sent for an event built from `overrides`, numbered `n`. */
const render = (overrides: Partial<CompressEvent>, n = 1, opts = options): string =>
  renderEvent(event(overrides), n, opts);

/** Per behaviour: the event, its number and the text the compressor is sent for it. */
const RENDERED: Array<[string, Partial<CompressEvent>, number, string]> = [
  [
    'a read shows its path relative to the root and the file content, not bookkeeping',
    {
      input: { file_path: '/work/app/src/a.ts' },
      response: {
        type: 'text',
        file: { filePath: '/work/app/src/a.ts', content: 'export const a = 1;', numLines: 1 },
      },
    },
    3,
    '<event n="3" tool="Read">\nfile_path: src/a.ts\n=> file.content: export const a = 1;\n</event>',
  ],
  [
    'an edit sends its input only: the result repeats it (originalFile, patch)',
    {
      toolName: 'Edit',
      input: { file_path: '/work/app/a.ts', old_string: 'x', new_string: 'y', replace_all: false },
      response: { filePath: '/work/app/a.ts', originalFile: 'HUGE', structuredPatch: [] },
    },
    1,
    '<event n="1" tool="Edit">\nfile_path: a.ts\nold_string: x\nnew_string: y\n</event>',
  ],
  [
    'a read drops the padding of its line numbers, trailing spaces and extra blank lines',
    {
      input: { file_path: '/work/app/a.ts' },
      response: '     1→a  \n     2→\n\n\n\n    10→b',
    },
    1,
    '<event n="1" tool="Read">\nfile_path: a.ts\n=> 1→a\n2→\n\n10→b\n</event>',
  ],
  [
    'a failure shows its error and flags, and no result',
    {
      toolName: 'Bash',
      input: { command: 'exit 3' },
      error: 'Exit code 3\noops',
      failed: true,
      agentId: 'a1',
    },
    2,
    '<event n="2" tool="Bash" failed="true" subagent="true">\ncommand: exit 3\nerror: Exit code 3\noops\n</event>',
  ],
];

for (const [name, overrides, n, expected] of RENDERED) {
  test(name, () => {
    assert.equal(render(overrides, n), expected);
  });
}

test('every field is elided to the budget with a short marker, a result to 60% of it', () => {
  const text = render({
    toolName: 'Bash',
    input: { command: `echo ${'c'.repeat(5000)}` },
    response: { stdout: 'z'.repeat(5000) },
  });
  const [command = '', stdout = ''] = text.split('\n').slice(1, -1).join('\n').split('\n=> ');
  assert.match(command, /…\[\d+ chars cut\]…/);
  assert.match(stdout, /…\[\d+ chars cut\]…/);
  assert.ok(command.length > 150 && command.length <= 200, `${command.length}`);
  assert.ok(stdout.length > 80 && stdout.length <= 120, `${stdout.length}`);
});

test("an edit's old and new text lose the lines both repeat, one line of context kept", () => {
  const lines = (middle: string) => [
    'import a;',
    'import b;',
    'import c;',
    'function f() {',
    middle,
    '}',
    '',
    'export { f };',
  ];
  const text = render(
    {
      toolName: 'Edit',
      input: {
        file_path: '/work/app/f.ts',
        old_string: lines('  return 1;').join('\n'),
        new_string: lines('  return 2;').join('\n'),
      },
    },
    1,
    { ...options, fieldChars: 1000 },
  );
  assert.equal(
    text,
    [
      '<event n="1" tool="Edit">',
      'file_path: f.ts',
      'old_string: …[3 lines the same in old and new]…',
      'function f() {',
      '  return 1;',
      '}',
      '…[2 lines the same in old and new]…',
      'new_string: …[3 lines the same in old and new]…',
      'function f() {',
      '  return 2;',
      '}',
      '…[2 lines the same in old and new]…',
      '</event>',
    ].join('\n'),
  );
});

test('relativize leaves text alone when the root is /', () => {
  assert.equal(relativize('/etc/hosts', '/'), '/etc/hosts');
  assert.equal(
    relativize('see /work/app/b.ts and /work/apple', '/work/app/'),
    'see b.ts and /work/apple',
  );
});
