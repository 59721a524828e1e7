import type { Options } from './parse-options.ts';

/** How a command prints a line to stdout (`main` makes it terminal-safe first). */
export type Print = (line: string) => void;

/** What every command gets from `main`: the print function and this bundle's own path. */
export interface CliContext {
  print: Print;
  /** `dist/cli.mjs`: what a spawned worker runs. */
  cliEntry: string;
}

/** One entry of a command's help: its usage line(s) and what it does. */
export interface HelpEntry {
  /** `search <query> [--project P]...`, without `claude-mem`; more lines continue it. */
  usage: string[];
  /** What it does, in sentences; wrapped to the help's width. A `\n` starts a new line. */
  text: string;
}

/**
 * A `claude-mem` command as the command table holds it: its name, help, options and handler,
 * declared together so that `--help` cannot drift from the code (ccusage's `define()` shape).
 */
export interface CliCommand {
  name: string;
  /** Its part of `claude-mem --help` and the whole of `claude-mem <name> --help`: at least one. */
  help: [HelpEntry, ...HelpEntry[]];
  /** The `--flag` options its parser reads (the same object the handler parses with). */
  options?: Options;
  /** Flags of a command that reads its arguments by hand (`worker logs -n`...). */
  flags?: string[];
  /**
   * Options whose value must be one of a closed list (from src/domain): checked before `run`,
   * with the list and the nearest choice named.
   */
  choices?: Record<string, readonly string[]>;
  /** False for `hook`: whatever it is given, it reads stdin and answers the agent. */
  takesHelpFlag?: boolean;
  run(args: string[], context: CliContext): Promise<number> | number;
}
