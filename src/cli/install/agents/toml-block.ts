/**
 * Codex keeps MCP servers in `config.toml`. claude-mem ships no TOML parser (the CLI stays
 * small), so install appends one table between marker comments, which is valid at the end of
 * any TOML file, and uninstall removes exactly the lines between the markers.
 */
const BEGIN = '# >>> claude-mem (added by "claude-mem install --agent codex"; do not edit)';
const END = '# <<< claude-mem';

const quote = (text: string): string => JSON.stringify(text);

/** Codex's MCP table for our server: `node <cli> mcp`, with the data folder if one is set. */
export function codexMcpBlock(cliEntry: string, env: NodeJS.ProcessEnv): string {
  const dataDir = env.CLAUDE_MEM_DATA_DIR?.trim();
  return [
    BEGIN,
    '[mcp_servers.claude-mem]',
    'command = "node"',
    `args = [${quote(cliEntry)}, "mcp"]`,
    ...(dataDir ? [`env = { CLAUDE_MEM_DATA_DIR = ${quote(dataDir)} }`] : []),
    END,
  ].join('\n');
}

/** Whether the text has our block. */
export const hasBlock = (text: string): boolean => text.includes(BEGIN);

/** Whether the user registered a server of our name themselves (then we add nothing). */
export const hasForeignServer = (text: string): boolean =>
  !hasBlock(text) && /^\s*\[mcp_servers\.(?:"claude-mem"|claude-mem)\]/m.test(text);

/** The text with our block replaced or appended (one blank line before it). */
export function addBlock(text: string, block: string): string {
  const base = removeBlock(text);
  if (base.trim() === '') return `${block}\n`;
  return `${base.replace(/\n*$/, '\n')}\n${block}\n`;
}

/** The text without our block and the blank line install put before it. */
export function removeBlock(text: string): string {
  const start = text.indexOf(BEGIN);
  if (start < 0) return text;
  const endAt = text.indexOf(END, start);
  const stop = endAt < 0 ? text.length : endAt + END.length;
  const before = text.slice(0, start).replace(/\n\n$/, '\n');
  const after = text.slice(stop).replace(/^\n/, '');
  return before + after;
}
