import { parseArgs, type ParseArgsConfig } from 'node:util';
import { usage, type CliError } from './cli-error.ts';
import { didYouMean } from './suggest.ts';

/** A command's `--flag` options, as node's parseArgs takes them. */
export type Options = NonNullable<ParseArgsConfig['options']>;

const flagsOf = (options: Options): string[] =>
  Object.entries(options).flatMap(([name, spec]) => [
    `--${name}`,
    ...(spec.short ? [`-${spec.short}`] : []),
  ]);

/**
 * node's parseArgs error in our words: what was typed, what this command takes, and the nearest
 * option when it looks like a typo (node's own text talks about positionals and `--`).
 */
export function parseFailure(error: unknown, options: Options): CliError {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? '';
  const flags = flagsOf(options);
  const takes = flags.length > 0 ? `this command takes ${flags.join(', ')}` : 'it takes no options';
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return usage(`unknown option "${quoted}": ${takes}.${didYouMean(quoted, flags)}`);
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const flag = quoted.split(' ')[0] ?? quoted;
      return usage(
        /argument missing/.test(message)
          ? `option "${flag}" needs a value, as in ${quoted}`
          : `option "${flag}" takes no value; write it alone`,
      );
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return usage(`unexpected argument "${quoted}": ${takes}, and no other words`);
    default:
      return usage(message);
  }
}

/**
 * The `--flag` values of a command that takes no positionals. An unknown or malformed option is
 * a usage error (exit 2, a pointer to help) rather than node's raw TypeError (exit 1).
 */
export function parseOptions<T extends Options>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true }).values;
  } catch (error) {
    throw parseFailure(error, options);
  }
}

/**
 * The `--flag` values and the other words of a command that takes both (`forget 12 S3 --yes`),
 * with the same usage errors as `parseOptions`.
 */
export function parseWithPositionals<T extends Options>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw parseFailure(error, options);
  }
}

/**
 * The one word of a command that takes one and no options (`pin 12`, `share S3`): anything
 * after it is a usage error, as an unknown option or an unexpected argument.
 */
export function soleWord(args: string[]): string | undefined {
  const [word, ...rest] = args;
  parseOptions(rest, {});
  return word;
}
