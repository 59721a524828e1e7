import type { HookEvent } from '../events.ts';
import type { HookInput } from '../payload.ts';

import { AGENTS, isOneOf, type AgentId } from '../../domain/index.ts';

export { AGENTS, type AgentId } from '../../domain/index.ts';

/** Whether `name` is one of AGENTS. */
export const isAgentId = (name: string | undefined): name is AgentId => isOneOf(AGENTS, name);

/**
 * The only agent-specific part of the capture path: maps an agent's hook event and payload to
 * Claude Code's (which `capture()` reads) and our answer back to what that agent reads on
 * stdout. Everything after the mapping (spool, worker, compression, recall) is shared.
 */
export interface AgentAdapter {
  id: AgentId;
  /** The agent's hook event name -> ours, or undefined when we do not capture it. */
  event(name: string): HookEvent | undefined;
  /** The agent's payload -> a Claude Code shaped payload (snake_case, canonical tool names). */
  payload(event: HookEvent, payload: HookInput): HookInput;
  /** Our answer (context for the model, or none) -> the one JSON value the agent reads. */
  output(nativeEvent: string, context: string | undefined): Record<string, unknown>;
}
