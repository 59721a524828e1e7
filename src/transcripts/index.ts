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
