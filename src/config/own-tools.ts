/** The tools claude-mem's MCP server registers (src/mcp/server.ts; its test checks the list). */
export const OWN_MCP_TOOLS = [
  'search',
  'timeline',
  'get_observations',
  'save_memory',
  'forget',
  'confirm_memory',
] as const;

/**
 * Claude Code names an MCP tool `mcp__<server>__<tool>`; the server is whatever name we were
 * registered under: `claude-mem` by `install`, `plugin_claude-mem_claude-mem` as a plugin, or
 * a name of the user's. Our tool names are plain words another server may use too (`search`),
 * so a server counts as ours when its name mentions `mem`, or for the names only a memory
 * server has.
 */
const OWN_TOOL =
  /^mcp__(?:.*mem.*?__(?:search|timeline|get_observations|save_memory|forget|confirm_memory)|.+__(?:get_observations|save_memory|confirm_memory))$/i;

/**
 * Whether a tool call is claude-mem's own (a recall or save through our MCP server): the
 * memory tool's use is not work to remember, and capturing it would feed memories back in.
 */
export function isOwnMcpTool(toolName: string): boolean {
  return toolName.startsWith('mcp__') && OWN_TOOL.test(toolName);
}
