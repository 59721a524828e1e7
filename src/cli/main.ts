import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { VERSION } from '../config/index.ts';
import { CliError, usage } from './cli-error.ts';
import type { CliCommand } from './cli-command.ts';
import { COMMANDS, findCommand } from './command-table.ts';
import { checkChoice } from './commands/recall-args.ts';
import { warnEnvProblems } from './env-warnings.ts';
import { fsFailure } from './fs-failure.ts';
import { commandHelp, helpText } from './help.ts';
import { didYouMean } from './suggest.ts';
import { terminalSafe } from './terminal-text.ts';

// Every line a command prints passes here: memory text never reaches the terminal raw.
const print = (line: string): void => {
  process.stdout.write(`${terminalSafe(line)}\n`);
};

/** This bundle's own path: what a spawned worker runs. */
const CLI_ENTRY = join(dirname(fileURLToPath(import.meta.url)), 'cli.mjs');

const wantsHelp = (args: string[]): boolean => args.some((arg) => arg === '--help' || arg === '-h');

/**
 * The command's closed-list options (`--mode`, `--scope`, `--source`...): a value outside its
 * list is a usage error naming the list. Anything else is left to the command's own parser.
 */
function checkChoices(command: CliCommand, args: string[]): void {
  if (!command.choices || !command.options) return;
  const { values } = parseArgs({
    args,
    options: command.options,
    strict: false,
    allowPositionals: true,
  });
  for (const [name, choices] of Object.entries(command.choices)) {
    const value = values[name];
    if (typeof value === 'string') checkChoice(name, value, choices);
  }
}

async function dispatch(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const names = COMMANDS.map((command) => command.name);
  switch (name) {
    case undefined:
    case '-h':
    case '--help':
    case 'help':
      print(helpText(COMMANDS));
      return 0;
    case '-v':
    case '--version':
      print(VERSION);
      return 0;
  }
  const command = findCommand(name);
  if (!command) {
    throw usage(
      `unknown command "${name}": expected one of ${names.join(', ')}.${didYouMean(name, names)}`,
    );
  }
  // Hooks are left alone: whatever they are given, they read stdin and answer Claude Code.
  if (command.takesHelpFlag !== false && wantsHelp(rest)) {
    print(commandHelp(command));
    return 0;
  }
  checkChoices(command, rest);
  return command.run(rest, { print, cliEntry: CLI_ENTRY });
}

/** The `claude-mem` command. Errors print one line to stderr; no stack traces. */
export async function main(argv = process.argv.slice(2)): Promise<void> {
  try {
    warnEnvProblems(argv[0]);
    process.exitCode = await dispatch(argv);
  } catch (caught) {
    const error = fsFailure(caught);
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`claude-mem: ${terminalSafe(message)}\n`);
    process.exitCode = error instanceof CliError ? error.exitCode : 1;
  }
}
