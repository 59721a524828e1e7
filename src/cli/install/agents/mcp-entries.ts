import { MCP_NAME } from '../mcp-merge.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Our MCP server as Gemini CLI (`{command, args}`) or Copilot CLI (`type: "local"` and the
 * tools it may call) registers one. The data folder goes along when set: an agent may start
 * MCP servers with a reduced environment.
 */
export function agentMcpEntry(agent: string, cliEntry: string, env: NodeJS.ProcessEnv): Json {
  const dataDir = env.CLAUDE_MEM_DATA_DIR?.trim();
  const base: Json = { command: 'node', args: [cliEntry, 'mcp'] };
  if (dataDir) base.env = { CLAUDE_MEM_DATA_DIR: dataDir };
  return agent === 'copilot' ? { type: 'local', ...base, tools: ['*'] } : base;
}

/** The config with our server set under `mcpServers`. */
export function addAgentMcp(config: Json, entry: Json): Json {
  const next = structuredClone(config);
  const servers = isObject(next.mcpServers) ? next.mcpServers : {};
  servers[MCP_NAME] = entry;
  next.mcpServers = servers;
  return next;
}
