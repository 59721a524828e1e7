import assert from 'node:assert/strict';
import { PassThrough, Readable, Writable } from 'node:stream';
import { test } from 'node:test';
import { NEUTRAL, readStdin, writeOutput } from './io.ts';

test('readStdin returns the whole input as UTF-8, across chunks', async () => {
  const input = Readable.from([Buffer.from('{"a":'), Buffer.from('"é"}')]);
  assert.deepEqual(await readStdin(input), { text: '{"a":"é"}', overflow: false, timedOut: false });
});

test('readStdin keeps at most maxBytes and reports the overflow', async () => {
  const input = Readable.from([Buffer.alloc(60, 'a'), Buffer.alloc(60, 'b')]);
  const result = await readStdin(input, 100);
  assert.equal(result.overflow, true);
  assert.equal(result.text, 'a'.repeat(60));
});

test('readStdin gives up on a pipe that never closes', async () => {
  const input = new PassThrough();
  input.write('{"partial":');
  assert.deepEqual(await readStdin(input, 1024, 50), {
    text: '{"partial":',
    overflow: false,
    timedOut: true,
  });
});

test('readStdin resolves with what it had when the stream errors', async () => {
  const input = new PassThrough();
  input.write('abc');
  setImmediate(() => input.destroy(new Error('EPIPE')));
  assert.equal((await readStdin(input, 1024, 5000)).text, 'abc');
});

test('writeOutput writes one JSON line and resolves once it is flushed', async () => {
  const chunks: string[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      setTimeout(done, 5);
    },
  });
  await writeOutput(NEUTRAL, out);
  assert.deepEqual(chunks, ['{"continue":true,"suppressOutput":true}\n']);
});
