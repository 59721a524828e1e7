import { CliError } from '../cli-error.ts';

/** `claude-mem purge` (not built yet). */
export async function purgeCommand(
  _args: string[],
  _print: (line: string) => void,
): Promise<number> {
  throw new CliError('"purge" is not available yet');
}
