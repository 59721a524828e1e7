import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editJson } from './json-edit.ts';
import { jsonShape, parseJsonc } from './jsonc.ts';

const GEMINI = `// my Gemini settings
{
  "theme": "GitHub", // dark at night
  /* servers I use */
  "mcpServers": {
    "other": { "command": "other-mcp" },
  },
  "hooks": {},
}
`;

type Json = Record<string, unknown>;
const valueOf = (text: string): Json => parseJsonc(text).value as Json;

test('comments and trailing commas are read, with line and column on a mistake', () => {
  assert.deepEqual(valueOf(GEMINI), {
    theme: 'GitHub',
    mcpServers: { other: { command: 'other-mcp' } },
    hooks: {},
  });
  assert.throws(() => parseJsonc('{ "a": 1,\n  "b" 2 }'), /expected ":" at line 2, column 7/);
  assert.throws(() => parseJsonc('{ "a": 1 } x'), /expected the end of the file/);
  assert.throws(() => parseJsonc('{ /* open'), /the end of a \/\* comment/);
});

test('an added key and item keep every comment, and taking them out gives the bytes back', () => {
  const value = valueOf(GEMINI);
  const added = {
    ...value,
    mcpServers: { other: { command: 'other-mcp' }, 'claude-mem': { command: 'node' } },
    hooks: { SessionStart: [{ hooks: [{ command: 'x' }] }] },
    version: 1,
  };
  const installed = editJson(GEMINI, added);
  assert.deepEqual(valueOf(installed), added);
  for (const comment of ['// my Gemini settings', '// dark at night', '/* servers I use */']) {
    assert.ok(installed.includes(comment), comment);
  }
  assert.equal(editJson(installed, value), GEMINI);
});

test('plain JSON keeps its layout, pretty or on one line', () => {
  const pretty = '{\n    "a": 1,\n    "list": [\n        1\n    ]\n}\n';
  const grown = editJson(pretty, { a: 1, list: [1, 2], b: { c: true } });
  assert.equal(
    grown,
    '{\n    "a": 1,\n    "list": [\n        1,\n        2\n    ],\n    "b": {\n        "c": true\n    }\n}\n',
  );
  assert.equal(editJson(grown, { a: 1, list: [1] }), pretty);
  const line = '{"n": 3, "mcpServers": {"other": {"command": "o"}}}\n';
  const more = editJson(line, { n: 3, mcpServers: { other: { command: 'o' }, x: { y: 1 } } });
  assert.equal(more, '{"n": 3, "mcpServers": {"other": {"command": "o"}, "x": {"y":1}}}\n');
  assert.equal(editJson(more, valueOf(line)), line);
});

test('removing the first members, all members, or items in the middle stays valid', () => {
  const text = '{\n  "a": 1,\n  "b": 2,\n  "c": [1, 2, 3]\n}';
  assert.equal(editJson(text, { c: [1, 2, 3] }), '{\n  "c": [1, 2, 3]\n}');
  assert.equal(editJson(text, {}), '{}');
  assert.equal(
    editJson(text, { a: 1, b: 2, c: [1, 3] }),
    '{\n  "a": 1,\n  "b": 2,\n  "c": [1, 3]\n}',
  );
  assert.deepEqual(valueOf(editJson(text, { a: 2, c: 'x', d: null })), { a: 2, c: 'x', d: null });
});

test('a comment after the last member stays on its line, before and after uninstall', () => {
  for (const text of [
    '{\n  "a": 1, // x\n}\n',
    '{\n  "a": 1 // x\n}\n',
    '{\n  "a": 1\n  // end\n}\n',
  ]) {
    const grown = editJson(text, { a: 1, b: [2] });
    assert.deepEqual(valueOf(grown), { a: 1, b: [2] }, grown);
    assert.match(grown, /\/\/ (?:x|end)\n/);
    assert.equal(editJson(grown, { a: 1 }), text);
  }
});

test('a CRLF file gets CRLF lines, and a file that starts with a comment its own indent', () => {
  const crlf = '{\r\n  "a": 1\r\n}\r\n';
  const grown = editJson(crlf, { a: 1, b: { c: 1 } });
  assert.equal(grown, '{\r\n  "a": 1,\r\n  "b": {\r\n    "c": 1\r\n  }\r\n}\r\n');
  assert.equal(editJson(grown, { a: 1 }), crlf);
  const commented = '// top\n{\n    "a": 1\n}\n';
  assert.equal(
    editJson(commented, { a: 1, b: [1] }),
    '// top\n{\n    "a": 1,\n    "b": [\n        1\n    ]\n}\n',
  );
});

test('the shape of a text ignores layout but not comments', () => {
  assert.equal(jsonShape('{ "a b": 1 }'), jsonShape('{\n  "a b":1\n}'));
  assert.notEqual(jsonShape('{ "a": 1 } // x'), jsonShape('{ "a": 1 }'));
});
