/**
 * The coding agents claude-mem captures from; `claude` is Claude Code. Adding one is one line
 * here (and its name below): the hook adapters, `install --agent`, the filters of search, MCP,
 * the viewer and the context all follow (recipe: src/capture/agents/README.md).
 */
export const AGENTS = ['claude', 'codex', 'gemini', 'copilot'] as const;

/** One of {@link AGENTS}. */
export type AgentId = (typeof AGENTS)[number];

/** Each agent's name for people (the viewer's agent filter). */
export const AGENT_NAMES: Record<AgentId, string> = {
  claude: 'Claude Code',
  codex: 'Codex CLI',
  gemini: 'Gemini CLI',
  copilot: 'Copilot CLI',
};
