import { CliError } from '../cli-error.ts';

/** `claude-mem retry` (not built yet). */
export async function retryCommand(
  _args: string[],
  _print: (line: string) => void,
): Promise<number> {
  throw new CliError('"retry" is not available yet');
}
