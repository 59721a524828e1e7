import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CliCommand } from './cli-command.ts';
import { COMMANDS } from './command-table.ts';
import { commandHelp, helpText } from './help.ts';

/** `--name` and `-s` of each option the command's parser reads, and its hand-read flags. */
const acceptedFlags = (command: CliCommand): string[] =>
  [
    ...Object.entries(command.options ?? {}).flatMap(([name, option]) => [
      `--${name}`,
      ...(option.short ? [`-${option.short}`] : []),
    ]),
    ...(command.flags ?? []),
  ].sort();

const flagsIn = (text: string): string[] =>
  [...new Set(text.match(/(?<![\w-])--?[a-z][\w-]*/g) ?? [])].sort();

/** What is wrong with a command's help: missing, not about it, or naming other flags. */
function helpProblems(command: CliCommand): string[] {
  const entries = command.help as CliCommand['help'] | [];
  if (entries.length === 0) return [`${command.name}: no help`];
  const problems = entries.flatMap((entry) => [
    ...(entry.usage[0]?.split(' ')[0] === command.name
      ? []
      : [`${command.name}: usage "${entry.usage[0] ?? ''}" is not its own`]),
    ...(entry.text.trim() === ''
      ? [`${command.name}: usage "${entry.usage[0]}" says nothing`]
      : []),
  ]);
  const shown = flagsIn(entries.flatMap((entry) => [...entry.usage, entry.text]).join(' '));
  const accepted = acceptedFlags(command);
  if (shown.join() !== accepted.join()) {
    problems.push(
      `${command.name}: help shows ${shown.join(' ')}; the parser takes ${accepted.join(' ')}`,
    );
  }
  return problems;
}

test('every command of the table has help that names exactly the options its parser takes', () => {
  assert.deepEqual(COMMANDS.flatMap(helpProblems), []);
});

test('a command without help, or whose help drifts from its options, is reported', () => {
  const bare = { name: 'frob', help: [], run: () => 0 } as unknown as CliCommand;
  const drifted: CliCommand = {
    name: 'frob',
    help: [{ usage: ['frob [--fast]'], text: 'Frobs.' }],
    options: { slow: { type: 'boolean' } },
    run: () => 0,
  };
  assert.deepEqual(helpProblems(bare), ['frob: no help']);
  assert.deepEqual(helpProblems(drifted), ['frob: help shows --fast; the parser takes --slow']);
});

test('--help lists every command of the table once, in its order, and <command> --help is its part', () => {
  const help = helpText(COMMANDS);
  const listed = [...help.matchAll(/^ {2}([a-z][\w-]*)/gm)].map((match) => match[1]);
  assert.deepEqual(
    [...new Set(listed)],
    COMMANDS.map((command) => command.name),
  );
  for (const command of COMMANDS) {
    const own = commandHelp(command);
    assert.match(own, new RegExp(`^Usage of claude-mem ${command.name}:\n\n  ${command.name}\\b`));
    assert.ok(help.includes(own.split('\n')[2] ?? '?'), command.name);
  }
});

test('command names are unique', () => {
  const names = COMMANDS.map((command) => command.name);
  assert.deepEqual(names, [...new Set(names)]);
});
