export { capture } from './capture.ts';
export type { Capture, CaptureContext } from './capture.ts';
export { HOOK_EVENTS, resolveHookEvent } from './events.ts';
export type { HookEvent } from './events.ts';
export { parsePayload, sessionIdOf, str } from './payload.ts';
export type { HookInput } from './payload.ts';
export { applyPrivateTurn, isPrivateTurn, setPrivateTurn } from './private-turn.ts';
