import { CliError } from '../cli-error.ts';

/** `claude-mem search` (not built yet). */
export async function searchCommand(
  _args: string[],
  _print: (line: string) => void,
): Promise<number> {
  throw new CliError('"search" is not available yet');
}
