import { parseOptions, type Options } from './parse-options.ts';
import type { Print } from './cli-command.ts';

/**
 * A `claude-mem` subcommand: parses its arguments, prints through `print`, resolves to the exit
 * code. `deps` are its ambient parts (environment, CLI bundle...), defaulting to the real process.
 */
export type Command<Deps> = (args: string[], print: Print, deps?: Deps) => Promise<number>;

/**
 * A command that takes only `--flag` options: `run` gets them parsed (an unknown or malformed
 * one is a usage error), the print function, and the deps (`{}` when none are given). The
 * options travel with it, for its command table entry: the entry's options are its parser's.
 */
export function optionsCommand<T extends Options, Deps extends object>(
  options: T,
  run: (
    values: ReturnType<typeof parseOptions<T>>,
    print: Print,
    deps: Partial<Deps>,
  ) => Promise<number>,
): Command<Deps> & { options: T } {
  const command: Command<Deps> = async (args, print, deps) =>
    run(parseOptions(args, options), print, deps ?? {});
  return Object.assign(command, { options });
}
