export { commandSections } from '../../src/cli/help.ts';
import { CONSOLIDATE_OPTIONS } from '../../src/cli/commands/consolidate-command.ts';
import { CONTEXT_OPTIONS } from '../../src/cli/commands/context-command.ts';
import { DOCTOR_OPTIONS } from '../../src/cli/commands/doctor-command.ts';
import { DEMO_OPTIONS } from '../../src/cli/commands/demo-command.ts';
import { EXPORT_OPTIONS } from '../../src/cli/commands/export-command.ts';
import { EVAL_OPTIONS } from '../../src/cli/eval/eval-options.ts';
import { FORGET_OPTIONS } from '../../src/cli/commands/forget-command.ts';
import { IMPORT_TRANSCRIPTS_OPTIONS } from '../../src/cli/commands/import-transcripts-command.ts';
import { INSTALL_OPTIONS } from '../../src/cli/commands/install-command.ts';
import { SHOW_OPTIONS } from '../../src/cli/commands/memory-command.ts';
import { PURGE_OPTIONS } from '../../src/cli/commands/purge-command.ts';
import { RETRY_OPTIONS } from '../../src/cli/commands/retry-command.ts';
import { SEARCH_OPTIONS } from '../../src/cli/commands/search-command.ts';
import { STATUS_OPTIONS } from '../../src/cli/commands/status-command.ts';
import { UNINSTALL_OPTIONS } from '../../src/cli/commands/uninstall-command.ts';
import { USAGE_OPTIONS } from '../../src/cli/commands/usage-command.ts';
import { VERIFY_OPTIONS } from '../../src/cli/commands/verify-command.ts';

type Options = Record<string, { type: string; short?: string }>;

/** `--name` and `-s` for every option a parser table accepts, sorted. */
const flagsOf = (options: Options): string[] =>
  Object.entries(options)
    .flatMap(([name, option]) => [`--${name}`, ...(option.short ? [`-${option.short}`] : [])])
    .sort();

/**
 * Every top-level command and the flags its parser accepts. `worker logs` reads `-n` by hand;
 * the others take positionals or nothing (a new command must be added here to pass the test).
 */
export const ACCEPTED_FLAGS: Record<string, string[]> = {
  demo: flagsOf(DEMO_OPTIONS),
  install: flagsOf(INSTALL_OPTIONS),
  uninstall: flagsOf(UNINSTALL_OPTIONS),
  hook: [],
  doctor: flagsOf(DOCTOR_OPTIONS),
  status: flagsOf(STATUS_OPTIONS),
  retry: flagsOf(RETRY_OPTIONS),
  usage: flagsOf(USAGE_OPTIONS),
  open: [],
  search: flagsOf(SEARCH_OPTIONS),
  context: flagsOf(CONTEXT_OPTIONS),
  verify: flagsOf(VERIFY_OPTIONS),
  mcp: [],
  'import-transcripts': flagsOf(IMPORT_TRANSCRIPTS_OPTIONS),
  eval: flagsOf(EVAL_OPTIONS),
  export: flagsOf(EXPORT_OPTIONS),
  import: [],
  forget: flagsOf(FORGET_OPTIONS),
  consolidate: flagsOf(CONSOLIDATE_OPTIONS),
  purge: flagsOf(PURGE_OPTIONS),
  worker: ['--json', '-n'],
  config: [],
  show: flagsOf(SHOW_OPTIONS),
  pin: [],
  unpin: [],
  unsink: [],
  edit: [],
  team: ['--json', '--team', '--url'],
  share: [],
  unshare: [],
};

/** The distinct `--flag` and `-f` words in a text, sorted. */
export function flagsIn(text: string): string[] {
  return [...new Set(text.match(/(?<![\w-])--?[a-z][\w-]*/g) ?? [])].sort();
}

/** The lines between `start` (exclusive) and the first line equal to `end`. */
export function linesBetween(text: string, start: string, end: string): string[] {
  const lines = text.split('\n');
  const from = lines.indexOf(start) + 1;
  return lines.slice(from, lines.indexOf(end, from));
}
