import type { SessionSource } from '../domain/index.ts';

/**
 * Fields every hook payload carries besides `hook_event_name`. Tolerant: Claude Code adds
 * fields between versions (`prompt_id`, `permission_mode`, `duration_ms`, ...), so unknown
 * keys are allowed.
 */
export interface PayloadCommon {
  session_id: string;
  transcript_path: string;
  cwd: string;
  /** Present on tool hooks fired inside a subagent. */
  agent_id?: string;
  agent_type?: string;
  permission_mode?: string;
  prompt_id?: string;
  [key: string]: unknown;
}

/** The common fields plus the event name every union member narrows. */
export interface HookPayloadBase extends PayloadCommon {
  hook_event_name: string;
}

/** `SessionStart`; `source` is `startup` for a replayed transcript. */
export interface SessionStartPayload extends HookPayloadBase {
  hook_event_name: 'SessionStart';
  source: SessionSource;
}

/** `UserPromptSubmit`; `prompt` is what the user typed. */
export interface UserPromptSubmitPayload extends HookPayloadBase {
  hook_event_name: 'UserPromptSubmit';
  prompt: string;
}

/** `PostToolUse`; `tool_response` is tool-specific (object, string or content blocks). */
export interface PostToolUsePayload extends HookPayloadBase {
  hook_event_name: 'PostToolUse';
  tool_name: string;
  tool_input: Record<string, unknown>;
  tool_response: unknown;
  tool_use_id: string;
}

/** `PostToolUseFailure`: sent instead of `PostToolUse` when the tool result is an error. */
export interface PostToolUseFailurePayload extends HookPayloadBase {
  hook_event_name: 'PostToolUseFailure';
  tool_name: string;
  tool_input: Record<string, unknown>;
  tool_use_id: string;
  error: string;
  is_interrupt: boolean;
}

/** `Stop`: the main agent finished a turn. */
export interface StopPayload extends HookPayloadBase {
  hook_event_name: 'Stop';
  stop_hook_active: boolean;
  last_assistant_message: string;
}

/** `SubagentStop`: carries the parent's `session_id` and the agent's own transcript. */
export interface SubagentStopPayload extends HookPayloadBase {
  hook_event_name: 'SubagentStop';
  agent_id: string;
  agent_transcript_path: string;
  stop_hook_active: boolean;
  last_assistant_message: string;
}

/** `SessionEnd`. */
export interface SessionEndPayload extends HookPayloadBase {
  hook_event_name: 'SessionEnd';
  reason: 'exit' | 'clear' | 'logout' | 'prompt_input_exit' | 'other';
}

/** One hook payload as Claude Code writes it to a command hook's stdin. */
export type HookPayload =
  | SessionStartPayload
  | UserPromptSubmitPayload
  | PostToolUsePayload
  | PostToolUseFailurePayload
  | StopPayload
  | SubagentStopPayload
  | SessionEndPayload;
