import { CliError } from '../cli-error.ts';

/** `claude-mem status` (not built yet). */
export async function statusCommand(
  _args: string[],
  _print: (line: string) => void,
): Promise<number> {
  throw new CliError('"status" is not available yet');
}
