import { isOwnMcpTool, type Project, type Settings } from '../config/index.ts';
import { elide, isFullyPrivate, sanitizeText, sanitizeToolField } from '../privacy/index.ts';
import type { SpoolEvent } from '../spool/index.ts';
import type { HookEvent } from './events.ts';
import type { HookInput } from './payload.ts';

/** What a capture needs besides the payload; injected so tests can pin it. */
export interface CaptureContext {
  settings: Settings;
  sessionId: string;
  project: Project;
  cwd: string;
  id: string;
  now: number;
  /** The agent the hook ran for; absent for Claude Code. */
  agent?: string | undefined;
}

/** The result of capturing one hook event. */
export type Capture =
  | { action: 'spool'; event: SpoolEvent; privateTurn?: boolean }
  | { action: 'drop'; reason: string };

const MAX_MESSAGE_CHARS = 20_000;

const spool = (event: SpoolEvent): Capture => ({ action: 'spool', event });
const drop = (reason: string): Capture => ({ action: 'drop', reason });

function base(payload: HookInput, ctx: CaptureContext) {
  return {
    v: 1 as const,
    id: ctx.id,
    at: ctx.now,
    sessionId: ctx.sessionId,
    project: ctx.project,
    cwd: ctx.cwd,
    transcriptPath: payload.transcript_path,
    ...(ctx.agent ? { agent: ctx.agent } : {}),
  };
}

function capturePrompt(payload: HookInput, ctx: CaptureContext): Capture {
  const prompt = payload.prompt ?? '';
  const fullyPrivate = isFullyPrivate(prompt);
  const text = fullyPrivate ? null : elide(sanitizeText(prompt).trim(), MAX_MESSAGE_CHARS);
  return {
    action: 'spool',
    event: { ...base(payload, ctx), kind: 'prompt', text },
    privateTurn: fullyPrivate,
  };
}

function captureTool(payload: HookInput, ctx: CaptureContext, failed: boolean): Capture {
  const toolName = payload.tool_name;
  if (!toolName) return drop('tool event without tool_name');
  if (ctx.settings['capture.skipTools'].includes(toolName)) {
    return drop(`tool ${toolName} is in capture.skipTools`);
  }
  if (isOwnMcpTool(toolName)) {
    return drop(`tool ${toolName} is claude-mem's own`);
  }
  const error = payload.error;
  return spool({
    ...base(payload, ctx),
    kind: 'tool',
    toolName,
    toolUseId: payload.tool_use_id ?? null,
    agentId: payload.agent_id ?? null,
    input: sanitizeToolField(payload.tool_input ?? null, ctx.settings['capture.maxInputChars']),
    response: failed
      ? null
      : sanitizeToolField(payload.tool_response ?? null, ctx.settings['capture.maxResponseChars']),
    error: error === undefined ? null : elide(sanitizeText(error), MAX_MESSAGE_CHARS),
    failed,
    durationMs: payload.duration_ms ?? null,
  });
}

function captureTurnEnd(payload: HookInput, ctx: CaptureContext): Capture {
  const message = payload.last_assistant_message ?? '';
  return spool({
    ...base(payload, ctx),
    kind: 'turn-end',
    agentId: payload.agent_id ?? null,
    lastAssistantMessage: elide(sanitizeText(message), MAX_MESSAGE_CHARS),
  });
}

/**
 * Turns one hook payload into the spool event to store, or a reason to store nothing. Pure:
 * everything ambient comes in through `ctx`.
 */
export function capture(event: HookEvent, payload: HookInput, ctx: CaptureContext): Capture {
  const head = () => base(payload, ctx);
  switch (event) {
    case 'SessionStart':
      return spool({ ...head(), kind: 'session-start', source: payload.source ?? 'startup' });
    case 'UserPromptSubmit':
      return capturePrompt(payload, ctx);
    case 'PreToolUse':
      // Registered for file-time recall only: the call is captured by PostToolUse.
      return { action: 'drop', reason: 'PreToolUse is not captured' };
    case 'PostToolUse':
    case 'PostToolUseFailure':
      return captureTool(
        payload,
        ctx,
        event === 'PostToolUseFailure' || payload.hook_event_name === 'PostToolUseFailure',
      );
    case 'Stop':
    case 'SubagentStop':
      return captureTurnEnd(payload, ctx);
    case 'PreCompact':
      return spool({ ...head(), kind: 'pre-compact', trigger: payload.trigger ?? 'auto' });
    case 'SessionEnd':
      return spool({ ...head(), kind: 'session-end', reason: payload.reason ?? 'other' });
    default:
      event satisfies never;
      return drop('unknown event');
  }
}
