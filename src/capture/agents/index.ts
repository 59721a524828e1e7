import { codexAdapter } from './codex.ts';
import { copilotAdapter } from './copilot.ts';
import { geminiAdapter } from './gemini.ts';
import type { AgentAdapter, AgentId } from './types.ts';

/** The adapters of the agents other than Claude Code, whose payloads need no mapping. */
const ADAPTERS: Partial<Record<AgentId, AgentAdapter>> = {
  codex: codexAdapter,
  gemini: geminiAdapter,
  copilot: copilotAdapter,
};

/** The adapter of `agent`, or undefined for Claude Code (and unknown names). */
export function adapterFor(agent: string | undefined): AgentAdapter | undefined {
  return agent && Object.hasOwn(ADAPTERS, agent) ? ADAPTERS[agent as AgentId] : undefined;
}

export { AGENTS, isAgentId } from './types.ts';
export type { AgentAdapter, AgentId } from './types.ts';
export { canonicalTool, patchFiles } from './tool-names.ts';
