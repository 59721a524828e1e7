import { CliError } from '../cli-error.ts';

/** `claude-mem export` (not built yet). */
export async function exportCommand(
  _args: string[],
  _print: (line: string) => void,
): Promise<number> {
  throw new CliError('"export" is not available yet');
}
