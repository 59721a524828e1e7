import { CliError } from '../cli-error.ts';

/** `claude-mem import` (not built yet). */
export async function importCommand(
  _args: string[],
  _print: (line: string) => void,
): Promise<number> {
  throw new CliError('"import" is not available yet');
}
