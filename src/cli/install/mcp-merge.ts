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

/** Config with our MCP server added (or updated to this install's path). */
export function addMcpServer(config: Json, cliBundle: string, portable = false): Json {
  const next = structuredClone(config);
  const servers = isObject(next.mcpServers) ? next.mcpServers : {};
  servers[MCP_NAME] = mcpEntry(cliBundle, portable);
  next.mcpServers = servers;
  return next;
}

/** Config without our MCP server; an `mcpServers` left empty is removed. */
export function removeMcpServer(config: Json): Json {
  const next = structuredClone(config);
  if (!isObject(next.mcpServers)) return next;
  delete next.mcpServers[MCP_NAME];
  if (Object.keys(next.mcpServers).length === 0) delete next.mcpServers;
  return next;
}

/** Whether our MCP server is registered. */
export function hasMcpServer(config: Json): boolean {
  return isObject(config.mcpServers) && MCP_NAME in config.mcpServers;
}
