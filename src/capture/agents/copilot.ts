import { resolveHookEvent, type HookEvent } from '../events.ts';
import { str, type HookInput } from '../payload.ts';
import { canonicalInput, canonicalTool } from './tool-names.ts';
import type { AgentAdapter } from './types.ts';

/** GitHub Copilot CLI's camelCase hook events -> ours. */
const EVENTS: Record<string, string> = {
  sessionStart: 'SessionStart',
  userPromptSubmitted: 'UserPromptSubmit',
  preToolUse: 'PreToolUse',
  postToolUse: 'PostToolUse',
  postToolUseFailure: 'PostToolUseFailure',
  agentStop: 'Stop',
  subagentStop: 'SubagentStop',
  preCompact: 'PreCompact',
  sessionEnd: 'SessionEnd',
};

/** Copilot's docs show `toolArgs` as a JSON string; version 1.0.102 sends an object. */
function args(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function toolFields(payload: HookInput, failure: boolean): HookInput {
  const name = str(payload, 'toolName');
  const result = payload.toolResult;
  const fields = result && typeof result === 'object' ? (result as HookInput) : {};
  const text = str(fields, 'textResultForLlm');
  // A shell command's exit status is only in its text: `<shellId: 0 completed with exit code 2>`.
  const exit = /completed with exit code (-?\d+)>\s*$/.exec(text?.slice(-200) ?? '');
  const failed =
    str(fields, 'resultType') === 'failure' || (exit !== null && exit[1] !== '0') || failure;
  return {
    tool_name: name === undefined ? undefined : canonicalTool(name),
    tool_input: canonicalInput(args(payload.toolArgs)),
    tool_response: text ?? result ?? null,
    tool_use_id: str(payload, 'toolCallId') ?? str(payload, 'toolUseId'),
    ...(failed
      ? { hook_event_name: 'PostToolUseFailure', error: text ?? str(payload, 'error') ?? 'failed' }
      : {}),
  };
}

/**
 * Copilot's camelCase payload -> Claude Code's snake_case. Its session id comes as
 * `sessionId`; `source`, `reason` and `trigger` keep their names.
 */
function mapPayload(event: HookEvent, payload: HookInput): HookInput {
  const common: HookInput = {
    session_id: str(payload, 'sessionId') ?? str(payload, 'session_id'),
    cwd: str(payload, 'cwd'),
    transcript_path: str(payload, 'transcriptPath'),
    source: str(payload, 'source'),
    reason: str(payload, 'reason'),
    trigger: str(payload, 'trigger'),
  };
  if (event === 'UserPromptSubmit') return { ...common, prompt: str(payload, 'prompt') };
  if (event === 'PostToolUse' || event === 'PostToolUseFailure') {
    return { ...common, ...toolFields(payload, event === 'PostToolUseFailure') };
  }
  if (event === 'Stop' || event === 'SubagentStop') {
    return { ...common, last_assistant_message: str(payload, 'lastAssistantMessage') ?? '' };
  }
  return common;
}

/**
 * GitHub Copilot CLI (`.github/hooks/*.json` or `~/.copilot/hooks/`): camelCase events and
 * payloads. Its session start may return `additionalContext` at the top level.
 */
export const copilotAdapter: AgentAdapter = {
  id: 'copilot',
  event: (name) => (Object.hasOwn(EVENTS, name) ? resolveHookEvent(EVENTS[name]) : undefined),
  payload: mapPayload,
  output: (_event, context) => (context === undefined ? {} : { additionalContext: context }),
};
