import { CliError } from '../cli-error.ts';

/** `claude-mem mcp` (not built yet). */
export async function mcpCommand(_args: string[], _print: (line: string) => void): Promise<number> {
  throw new CliError('"mcp" is not available yet');
}
