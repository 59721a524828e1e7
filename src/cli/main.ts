import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VERSION } from '../config/index.ts';
import { runWorker } from '../worker/index.ts';
import { CliError, usage } from './cli-error.ts';
import { configCommand } from './commands/config-command.ts';
import { contextCommand } from './commands/context-command.ts';
import { mcpCommand } from './commands/mcp-command.ts';
import { openCommand } from './commands/open-command.ts';
import { retryCommand } from './commands/retry-command.ts';
import { searchCommand } from './commands/search-command.ts';
import { verifyCommand } from './commands/verify-command.ts';
import { statusCommand } from './commands/status-command.ts';
import { demoCommand } from './commands/demo-command.ts';
import { doctorCommand } from './commands/doctor-command.ts';
import { exportCommand } from './commands/export-command.ts';
import { forgetCommand } from './commands/forget-command.ts';
import { consolidateCommand } from './commands/consolidate-command.ts';
import { editCommand } from './commands/edit-command.ts';
import { evalCommand } from './commands/eval-command.ts';
import { pinCommand, showCommand } from './commands/memory-command.ts';
import { unsinkCommand } from './commands/memory-use-command.ts';
import { shareCommand } from './commands/share-command.ts';
import { importCommand } from './commands/import-command.ts';
import { importTranscriptsCommand } from './commands/import-transcripts-command.ts';
import { purgeCommand } from './commands/purge-command.ts';
import { hookCommand } from './commands/hook-command.ts';
import { installCommand } from './commands/install-command.ts';
import { uninstallCommand } from './commands/uninstall-command.ts';
import { usageCommand } from './commands/usage-command.ts';
import { teamCommand } from './commands/team-command.ts';
import { workerCommand } from './commands/worker-command.ts';
import { warnEnvProblems } from './env-warnings.ts';
import { fsFailure } from './fs-failure.ts';
import { commandHelp, helpCommands, HELP } from './help.ts';
import { didYouMean } from './suggest.ts';
import { terminalSafe } from './terminal-text.ts';

// Every line a command prints passes here: memory text never reaches the terminal raw.
const print = (line: string): void => {
  process.stdout.write(`${terminalSafe(line)}\n`);
};

/** This bundle's own path: what a spawned worker runs. */
const CLI_ENTRY = join(dirname(fileURLToPath(import.meta.url)), 'cli.mjs');

async function dispatch(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // Hooks are left alone: whatever they are given, they read stdin and answer Claude Code.
  const help = command === 'hook' ? undefined : commandHelp(command ?? '');
  if (help && rest.some((arg) => arg === '--help' || arg === '-h')) {
    print(help);
    return 0;
  }
  switch (command) {
    case undefined:
    case '-h':
    case '--help':
    case 'help':
      print(HELP);
      return 0;
    case '-v':
    case '--version':
      print(VERSION);
      return 0;
    case 'hook':
      return hookCommand(rest, CLI_ENTRY);
    case 'worker':
      return rest[0] === 'run' ? runWorker() : workerCommand(rest, { cliEntry: CLI_ENTRY, print });
    case 'config':
      return configCommand(rest, print);
    case 'status':
      return statusCommand(rest, print);
    case 'retry':
      return retryCommand(rest, print);
    case 'usage':
      return usageCommand(rest, print);
    case 'open':
      return openCommand(rest, print);
    case 'search':
      return searchCommand(rest, print);
    case 'context':
      return contextCommand(rest, print);
    case 'verify':
      return verifyCommand(rest, print);
    case 'mcp':
      return mcpCommand(rest, { cliEntry: CLI_ENTRY });
    case 'install':
      return installCommand(rest, { cliEntry: CLI_ENTRY, print });
    case 'uninstall':
      return uninstallCommand(rest, { cliEntry: CLI_ENTRY, print });
    case 'import-transcripts':
      return importTranscriptsCommand(rest, print);
    case 'eval':
      return evalCommand(rest, print);
    case 'export':
      return exportCommand(rest, print);
    case 'import':
      return importCommand(rest, print);
    case 'forget':
      return forgetCommand(rest, print);
    case 'consolidate':
      return consolidateCommand(rest, print);
    case 'show':
      return showCommand(rest, print);
    case 'pin':
    case 'unpin':
      return pinCommand(rest, command === 'pin', print);
    case 'unsink':
      return unsinkCommand(rest, print);
    case 'share':
    case 'unshare':
      return shareCommand(rest, command === 'share', print);
    case 'edit':
      return editCommand(rest, print);
    case 'purge':
      return purgeCommand(rest, print);
    case 'doctor':
      return doctorCommand(rest, { cliEntry: CLI_ENTRY, print });
    case 'demo':
      return demoCommand(rest, { cliEntry: CLI_ENTRY, print });
    case 'team':
      return teamCommand(rest, { cliEntry: CLI_ENTRY, print });
    default:
      throw usage(
        `unknown command "${command}": expected one of ${helpCommands().join(', ')}.${didYouMean(command, helpCommands())}`,
      );
  }
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
