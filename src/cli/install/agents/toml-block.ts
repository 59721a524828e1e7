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

/**
 * The text without the lines install wrote: the two markers and our `[mcp_servers.claude-mem]`
 * table, wherever they are now. Codex rewrites config.toml itself (its `/hooks` trust goes to
 * `[hooks.state]` tables it appends after our table, before our end marker), so everything
 * between the markers is not ours to remove.
 */
export function removeBlock(text: string): string {
  if (!hasBlock(text)) return text;
  const lines = text.split('\n');
  const kept: string[] = [];
  let inOurTable = false;
  for (const line of lines) {
    if (line === BEGIN || line === END) continue;
    if (/^\s*\[mcp_servers\.(?:"claude-mem"|claude-mem)\]\s*$/.test(line)) {
      inOurTable = true;
      continue;
    }
    if (inOurTable && /^\s*(?:command|args|env)\s*=/.test(line)) continue;
    inOurTable = false;
    kept.push(line);
  }
  return dropInstallBlank(kept.join('\n'), text);
}

/** Install put one blank line before the block; take it back when the block was at the end. */
function dropInstallBlank(after: string, before: string): string {
  const at = before.indexOf(BEGIN);
  const blankBefore = at >= 2 && before.slice(at - 2, at) === '\n\n';
  if (!blankBefore) return after;
  const cut = before.slice(0, at - 1);
  return after.startsWith(cut) && after.slice(cut.length).trim() === ''
    ? cut
    : after.replace(/\n{3,}/g, '\n\n');
}
