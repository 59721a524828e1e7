import { CliError } from '../cli-error.ts';

/** `claude-mem import-transcripts` (not built yet). */
export async function importTranscriptsCommand(
  _args: string[],
  _print: (line: string) => void,
): Promise<number> {
  throw new CliError('"import-transcripts" is not available yet');
}
