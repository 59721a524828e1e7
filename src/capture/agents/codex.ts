import { resolveHookEvent, type HookEvent } from '../events.ts';
import type { HookInput } from '../payload.ts';
import { contextOutput } from './output.ts';
import { canonicalInput, patchTool } from './tool-names.ts';
import type { AgentAdapter } from './types.ts';

/** Codex reports a failed command in its output text, not in a field of its own. */
const EXIT_LINE = /(?:^|\n)(?:Exit code|Process exited with code):? (-?[1-9]\d*)/;

function toolPayload(payload: HookInput): HookInput {
  const name = typeof payload.tool_name === 'string' ? payload.tool_name : undefined;
  if (!name) return payload;
  const response = payload.tool_response;
  const exit = typeof response === 'string' ? EXIT_LINE.exec(response.slice(0, 4096)) : null;
  return {
    ...payload,
    tool_name: patchTool(name, payload.tool_input),
    tool_input: canonicalInput(payload.tool_input),
    ...(exit ? { hook_event_name: 'PostToolUseFailure', error: String(response) } : {}),
  };
}

/**
 * Codex CLI (hooks.json or `[hooks]` in config.toml): its events and payloads follow Claude
 * Code's (`session_id`, `tool_name`, `tool_input`, `tool_response`, `tool_use_id`), so only
 * tool names (`apply_patch`, `exec_command`...) and failures need mapping. It has no
 * SessionEnd; PostCompact is not captured (PreCompact is).
 */
export const codexAdapter: AgentAdapter = {
  id: 'codex',
  event: (name) => (name === 'PostCompact' ? undefined : resolveHookEvent(name)),
  payload: (event: HookEvent, payload) =>
    event === 'PostToolUse' || event === 'PostToolUseFailure' ? toolPayload(payload) : payload,
  output: contextOutput,
};
