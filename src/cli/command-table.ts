import { CONFIG_COMMAND } from './commands/config-command.ts';
import { CONSOLIDATE_COMMAND } from './commands/consolidate-command.ts';
import { CONTEXT_COMMAND } from './commands/context-command.ts';
import { DEMO_COMMAND } from './commands/demo-command.ts';
import { DOCTOR_COMMAND } from './commands/doctor-command.ts';
import { EDIT_COMMAND } from './commands/edit-command.ts';
import { EVAL_COMMAND } from './commands/eval-command.ts';
import { EXPORT_COMMAND } from './commands/export-command.ts';
import { FORGET_COMMAND } from './commands/forget-command.ts';
import { HOOK_COMMAND } from './commands/hook-command.ts';
import { IMPORT_COMMAND } from './commands/import-command.ts';
import { IMPORT_TRANSCRIPTS_COMMAND } from './commands/import-transcripts-command.ts';
import { INSTALL_COMMAND } from './commands/install-command.ts';
import { MCP_COMMAND } from './commands/mcp-command.ts';
import { SHOW_COMMAND, PIN_COMMAND, UNPIN_COMMAND } from './commands/memory-command.ts';
import { UNSINK_COMMAND } from './commands/memory-use-command.ts';
import { OPEN_COMMAND } from './commands/open-command.ts';
import { PURGE_COMMAND } from './commands/purge-command.ts';
import { RETRY_COMMAND } from './commands/retry-command.ts';
import { SEARCH_COMMAND } from './commands/search-command.ts';
import { SHARE_COMMAND, UNSHARE_COMMAND } from './commands/share-command.ts';
import { STATUS_COMMAND } from './commands/status-command.ts';
import { TEAM_COMMAND } from './commands/team-command.ts';
import { UNINSTALL_COMMAND } from './commands/uninstall-command.ts';
import { USAGE_COMMAND } from './commands/usage-command.ts';
import { VERIFY_COMMAND } from './commands/verify-command.ts';
import { WORKER_COMMAND } from './commands/worker-command.ts';
import type { CliCommand } from './cli-command.ts';

/**
 * Every `claude-mem` command, in the order `--help` lists them. Each entry declares its name,
 * help, options and handler in its own file: a command without help, or whose help names other
 * options than its parser's, fails `command-table.test.ts`.
 */
export const COMMANDS: readonly CliCommand[] = [
  DEMO_COMMAND,
  INSTALL_COMMAND,
  UNINSTALL_COMMAND,
  HOOK_COMMAND,
  DOCTOR_COMMAND,
  STATUS_COMMAND,
  RETRY_COMMAND,
  USAGE_COMMAND,
  OPEN_COMMAND,
  SEARCH_COMMAND,
  CONTEXT_COMMAND,
  VERIFY_COMMAND,
  MCP_COMMAND,
  IMPORT_TRANSCRIPTS_COMMAND,
  EVAL_COMMAND,
  EXPORT_COMMAND,
  IMPORT_COMMAND,
  FORGET_COMMAND,
  CONSOLIDATE_COMMAND,
  SHOW_COMMAND,
  PIN_COMMAND,
  UNPIN_COMMAND,
  UNSINK_COMMAND,
  EDIT_COMMAND,
  SHARE_COMMAND,
  UNSHARE_COMMAND,
  PURGE_COMMAND,
  WORKER_COMMAND,
  CONFIG_COMMAND,
  TEAM_COMMAND,
];

/** The command named `name`, or undefined. */
export const findCommand = (name: string | undefined): CliCommand | undefined =>
  COMMANDS.find((command) => command.name === name);
