export { replayTranscript } from './replay.ts';
export type { ReplayOptions } from './replay-context.ts';
export type {
  HookPayload,
  HookPayloadBase,
  PayloadCommon,
  SessionStartPayload,
  UserPromptSubmitPayload,
  PostToolUsePayload,
  PostToolUseFailurePayload,
  StopPayload,
  SubagentStopPayload,
  SessionEndPayload,
} from './hook-payload.ts';
export { listTranscriptFiles } from './list-transcript-files.ts';
export { countToolPairs } from './count-tool-pairs.ts';
export { parseTranscriptLines } from './transcript-line.ts';
export type { ParsedTranscript } from './transcript-line.ts';
export { classifyUserLine } from './user-line-kind.ts';
export type { UserLineKind } from './user-line-kind.ts';
export { sessionEvents } from './session-events.ts';
export type { SessionEvent } from './session-events.ts';
export { detectUse, USE_SIGNALS } from './use-signals.ts';
export type { InjectedMemory, UseSignal, UseSignalKind } from './use-signals.ts';
export { mcpInjections } from './mcp-results.ts';
export type { McpInjection, McpMoment } from './mcp-results.ts';
