import { CliError } from '../cli-error.ts';

/** `claude-mem context` (not built yet). */
export async function contextCommand(
  _args: string[],
  _print: (line: string) => void,
): Promise<number> {
  throw new CliError('"context" is not available yet');
}
