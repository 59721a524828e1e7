import { parseArgs, type ParseArgsConfig } from 'node:util';
import { usage } from './cli-error.ts';

/**
 * The `--flag` values of a command that takes no positionals. An unknown or malformed option is
 * a usage error (exit 2, a pointer to help) rather than node's raw TypeError (exit 1).
 */
export function parseOptions<T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: T,
) {
  try {
    return parseArgs({ args, options, strict: true }).values;
  } catch (error) {
    throw usage((error as Error).message);
  }
}
