import { resolveHookEvent, type HookEvent } from '../events.ts';
import { str, type HookInput } from '../payload.ts';
import { contextOutput } from './output.ts';
import { canonicalInput, canonicalTool } from './tool-names.ts';
import type { AgentAdapter } from './types.ts';

/** Gemini CLI's hook events -> ours (its docs: SessionStart/End, Before/AfterAgent, ...). */
const EVENTS: Record<string, string> = {
  SessionStart: 'SessionStart',
  BeforeAgent: 'UserPromptSubmit',
  BeforeTool: 'PreToolUse',
  AfterTool: 'PostToolUse',
  AfterAgent: 'Stop',
  PreCompress: 'PreCompact',
  SessionEnd: 'SessionEnd',
};

/** Gemini's tool error: `tool_response.error` (an object with `message`, or a string). */
function toolError(response: unknown): string | undefined {
  if (!response || typeof response !== 'object') return undefined;
  const error = (response as HookInput).error;
  if (typeof error === 'string' && error !== '') return error;
  if (error && typeof error === 'object') {
    return str(error as HookInput, 'message') ?? JSON.stringify(error).slice(0, 4000);
  }
  return undefined;
}

function toolPayload(payload: HookInput): HookInput {
  const name = str(payload, 'tool_name');
  if (!name) return payload;
  const error = toolError(payload.tool_response);
  return {
    ...payload,
    tool_name: canonicalTool(name),
    tool_input: canonicalInput(payload.tool_input),
    tool_use_id: str(payload, 'tool_use_id') ?? str(payload, 'tool_call_id'),
    ...(error === undefined ? {} : { hook_event_name: 'PostToolUseFailure', error }),
  };
}

function mapPayload(event: HookEvent, payload: HookInput): HookInput {
  switch (event) {
    case 'PostToolUse':
    case 'PostToolUseFailure':
      return toolPayload(payload);
    case 'Stop':
      return { ...payload, last_assistant_message: str(payload, 'prompt_response') ?? '' };
    default:
      return payload;
  }
}

/**
 * Gemini CLI (`settings.json` hooks): snake_case payloads like Claude Code's, other event
 * names, `prompt_response` for the turn's answer, tool errors inside `tool_response`. Its
 * stdout must be JSON only, so every answer is one JSON object.
 */
export const geminiAdapter: AgentAdapter = {
  id: 'gemini',
  event: (name) => (Object.hasOwn(EVENTS, name) ? resolveHookEvent(EVENTS[name]) : undefined),
  payload: mapPayload,
  output: contextOutput,
};
