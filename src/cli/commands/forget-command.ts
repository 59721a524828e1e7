import { CliError } from '../cli-error.ts';

/** `claude-mem forget` (not built yet). */
export async function forgetCommand(
  _args: string[],
  _print: (line: string) => void,
): Promise<number> {
  throw new CliError('"forget" is not available yet');
}
