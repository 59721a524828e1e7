import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CliContext } from './cli-command.ts';
import { commandEntry, contextEntry } from './command-entry.ts';
import { optionsCommand } from './command.ts';

const context = (lines: string[]): CliContext => ({
  print: (line) => lines.push(line),
  cliEntry: '/bundle/cli.mjs',
});

test('an entry is named by the first word of its usage and lists its help entries in order', () => {
  const entry = commandEntry(['frob <id> [--fast]', '     [--json]'], 'Frobs it.', () => 0, {
    options: { fast: { type: 'boolean' }, json: { type: 'boolean' } },
    more: [{ usage: ['frob --undo ID'], text: 'Unfrobs it.' }],
  });
  assert.equal(entry.name, 'frob');
  assert.deepEqual(entry.help, [
    { usage: ['frob <id> [--fast]', '     [--json]'], text: 'Frobs it.' },
    { usage: ['frob --undo ID'], text: 'Unfrobs it.' },
  ]);
  assert.deepEqual(Object.keys(entry.options ?? {}), ['fast', 'json']);
});

test('a print handler gets the arguments and print only; a context handler the whole context', async () => {
  const lines: string[] = [];
  const seen: unknown[][] = [];
  const printing = commandEntry('frob', 'Frobs.', (...args: unknown[]) => {
    seen.push(args);
    return 3;
  });
  const withContext = contextEntry('frob', 'Frobs.', (args, { cliEntry, print }) => {
    print(`${args.join(' ')} via ${cliEntry}`);
    return 4;
  });
  assert.equal(await printing.run(['a'], context(lines)), 3);
  assert.equal(await withContext.run(['b'], context(lines)), 4);
  assert.equal(seen[0]?.length, 2);
  assert.deepEqual(seen[0]?.[0], ['a']);
  assert.deepEqual(lines, ['b via /bundle/cli.mjs']);
});

test("a handler made by optionsCommand brings its options: the entry's are its parser's", async () => {
  const handler = optionsCommand({ fast: { type: 'boolean' } }, async (values, print) => {
    print(String(values.fast));
    return 0;
  });
  const entry = commandEntry('frob [--fast]', 'Frobs.', handler);
  const lines: string[] = [];
  assert.equal(entry.options, handler.options);
  assert.equal(await entry.run(['--fast'], context(lines)), 0);
  assert.deepEqual(lines, ['true']);
});
