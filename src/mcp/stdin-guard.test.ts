import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { checkLine, guardStdin, type ErrorReply } from './stdin-guard.ts';

const error = (id: string | number | null, code: number) => ({ id, code });
const summary = (reply: ErrorReply | undefined) => reply && error(reply.id, reply.error.code);

test('a line that is not JSON is a parse error with id null', () => {
  assert.deepEqual(summary(checkLine('hello')), error(null, -32700));
  assert.deepEqual(summary(checkLine('[')), error(null, -32700));
  assert.deepEqual(summary(checkLine('{"jsonrpc":"2.0","id":1,')), error(null, -32700));
});

test('JSON that is not a JSON-RPC message is an invalid request, with its id when usable', () => {
  const cases: Array<[string, string | number | null]> = [
    ['{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', null],
    ['{"jsonrpc":"2.0","id":null,"method":"ping"}', null],
    ['{"jsonrpc":"1.0","id":4,"method":"ping"}', 4],
    ['{"jsonrpc":"2.0","id":"x","method":5}', 'x'],
    ['[]', null],
    ['[{"jsonrpc":"2.0","id":1,"method":"ping"}]', null],
    ['42', null],
    ['null', null],
  ];
  for (const [line, id] of cases) {
    assert.deepEqual(summary(checkLine(line)), error(id, -32600), line);
  }
});

test('requests, notifications and responses pass', () => {
  for (const line of [
    '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    '{"jsonrpc":"2.0","id":"a","method":"tools/list","params":{}}',
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    '{"jsonrpc":"2.0","id":3,"result":{}}',
  ]) {
    assert.equal(checkLine(line), undefined, line);
  }
});

test('the guard passes good lines whole, across chunks, and answers bad ones', async () => {
  const stdin = new PassThrough();
  const answers: ErrorReply[] = [];
  const out = guardStdin(stdin, (reply) => answers.push(reply));
  const passed: string[] = [];
  out.on('data', (chunk: Buffer) => passed.push(chunk.toString()));
  stdin.write('{"jsonrpc":"2.0",');
  stdin.write('"id":1,"method":"ping"}\r\nnot json\n\n[\n');
  stdin.end('{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
  await new Promise((done) => out.on('end', done));
  assert.equal(
    passed.join(''),
    '{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n',
  );
  assert.deepEqual(answers.map(summary), [error(null, -32700), error(null, -32700)]);
});
