import type { CliCommand, HelpEntry, Print } from './cli-command.ts';
import type { Options } from './parse-options.ts';

/** What a command may declare beside its first usage, its text and its handler. */
export type EntryExtras = Pick<CliCommand, 'options' | 'choices' | 'flags' | 'takesHelpFlag'> & {
  /** Further entries of its help (`worker logs`, `worker run`...), in order. */
  more?: HelpEntry[];
};

/** The usage lines of a help entry: one line, or several that continue it. */
type Usage = string | [string, ...string[]];

/**
 * The command table's entry of a command whose handler takes the whole context: the bundle's
 * path as well as print (it starts the worker, a hook or the MCP server). Its name is the first
 * word of `usage`, so the two cannot disagree.
 */
export function contextEntry(
  usage: Usage,
  text: string,
  run: CliCommand['run'],
  { more = [], ...extras }: EntryExtras = {},
): CliCommand {
  const lines: [string, ...string[]] = typeof usage === 'string' ? [usage] : usage;
  const name = lines[0].replace(/ .*/s, '');
  return { name, help: [{ usage: lines, text }, ...more], ...extras, run };
}

/**
 * The command table's entry of a command whose handler needs only its arguments and the print
 * function, as most do (its other deps keep their defaults). A handler made by `optionsCommand`
 * brings its options: the entry's are then its parser's own.
 *
 * @example
 * export const OPEN_COMMAND = commandEntry('open', 'Print a one-time link...', openCommand);
 */
export function commandEntry(
  usage: Usage,
  text: string,
  handler: ((args: string[], print: Print) => Promise<number> | number) & { options?: Options },
  extras: EntryExtras = {},
): CliCommand {
  const run: CliCommand['run'] = (args, { print }) => handler(args, print);
  const own = handler.options ? { options: handler.options } : {};
  return contextEntry(usage, text, run, { ...own, ...extras });
}
