type Json = Record<string, unknown>;

/** The name claude-mem's MCP server is registered under: tools become `mcp__claude-mem__*`. */
export const MCP_NAME = 'claude-mem';

/**
 * The MCP server entry: `node <cli bundle> mcp` over stdio, or (`portable`, a repository's
 * committed `.mcp.json`) `claude-mem mcp` from PATH, the same on every machine.
 */
export function mcpEntry(cliBundle: string, portable = false): Json {
  return portable
    ? { type: 'stdio', command: 'claude-mem', args: ['mcp'], env: {} }
    : { type: 'stdio', command: 'node', args: [cliBundle, 'mcp'], env: {} };
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether an MCP entry is one claude-mem wrote: `claude-mem mcp` from PATH, or `node <…/cli.mjs>
 * mcp` (this install's bundle, any path). An entry of our name running anything else is the
 * user's own server: install refuses to replace it and uninstall leaves it.
 */
export function isOurMcpEntry(entry: unknown): boolean {
  if (!isObject(entry)) return false;
  const args = Array.isArray(entry.args) ? (entry.args as unknown[]) : [];
  if (entry.command === 'claude-mem') return args.length === 1 && args[0] === 'mcp';
  return (
    entry.command === 'node' &&
    args.length === 2 &&
    args[1] === 'mcp' &&
    typeof args[0] === 'string' &&
    /(?:^|[/\\])cli\.mjs$/.test(args[0])
  );
}

/** Why install must leave the config alone: a `claude-mem` server that is not ours. */
export function mcpConflict(config: Json): string | undefined {
  const entry = isObject(config.mcpServers) ? config.mcpServers[MCP_NAME] : undefined;
  if (entry === undefined || isOurMcpEntry(entry)) return undefined;
  const command = isObject(entry)
    ? [entry.command, ...(Array.isArray(entry.args) ? entry.args : [])].map(String).join(' ')
    : JSON.stringify(entry);
  return `its MCP server "${MCP_NAME}" (${command}) was not written by claude-mem, so install leaves it as it is: rename or remove that entry, then install again`;
}

/** Config with our MCP server added (or updated to this install's path). */
export function addMcpServer(config: Json, cliBundle: string, portable = false): Json {
  const next = structuredClone(config);
  const servers = isObject(next.mcpServers) ? next.mcpServers : {};
  servers[MCP_NAME] = mcpEntry(cliBundle, portable);
  next.mcpServers = servers;
  return next;
}

/** Config without our MCP server (a `claude-mem` of the user's stays); an emptied `mcpServers` goes. */
export function removeMcpServer(config: Json): Json {
  const next = structuredClone(config);
  if (!isObject(next.mcpServers) || !isOurMcpEntry(next.mcpServers[MCP_NAME])) return next;
  delete next.mcpServers[MCP_NAME];
  if (Object.keys(next.mcpServers).length === 0) delete next.mcpServers;
  return next;
}

/** Whether our MCP server is registered. */
export function hasMcpServer(config: Json): boolean {
  return isObject(config.mcpServers) && isOurMcpEntry(config.mcpServers[MCP_NAME]);
}
