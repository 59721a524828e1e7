import { textsOf } from './blocks.ts';
import type { HookPayload, PayloadCommon } from './hook-payload.ts';
import type { ReplayContext } from './replay-context.ts';
import { createToolPairer, toolPayload } from './tool-pairs.ts';
import type { ToolPair } from './tool-pairs.ts';
import type { TranscriptLine } from './transcript-line.ts';
import { classifyUserLine } from './user-line-kind.ts';
import type { UserLineKind } from './user-line-kind.ts';

interface SessionState {
  readonly ctx: ReplayContext;
  readonly lines: readonly TranscriptLine[];
  readonly out: HookPayload[];
  readonly pairer: ReturnType<typeof createToolPairer>;
  cwd: string;
  /** The open turn and the text of its last assistant text block; undefined between turns. */
  turn: { lastText: string } | undefined;
}

const baseOf = (state: SessionState): PayloadCommon => ({
  session_id: state.ctx.sessionId,
  transcript_path: state.ctx.transcriptPath,
  cwd: state.cwd,
});

function promptPayload(base: PayloadCommon, line: TranscriptLine, prompt: string): HookPayload {
  const payload: HookPayload = { ...base, hook_event_name: 'UserPromptSubmit', prompt };
  if (line.promptId !== undefined) payload.prompt_id = line.promptId;
  if (line.permissionMode !== undefined) payload.permission_mode = line.permissionMode;
  return payload;
}

// Sidechain lines inside a main transcript (no separate agent file) still name their agent.
const sidechainFields = (pair: ToolPair): Partial<PayloadCommon> =>
  pair.sidechain && pair.agentId !== undefined ? { agent_id: pair.agentId } : {};

function closeTurn(state: SessionState): void {
  if (state.turn === undefined) return;
  const stop = { stop_hook_active: false, last_assistant_message: state.turn.lastText };
  state.out.push({ ...baseOf(state), hook_event_name: 'Stop', ...stop });
  state.turn = undefined;
}

function onAssistant(state: SessionState, line: TranscriptLine): void {
  state.pairer.addUses(line);
  if (line.isSidechain) return;
  state.turn ??= { lastText: '' };
  state.turn.lastText = textsOf(line).at(-1) ?? state.turn.lastText;
}

function applyKind(state: SessionState, line: TranscriptLine, kind: UserLineKind): void {
  switch (kind.kind) {
    case 'prompt':
      closeTurn(state);
      state.out.push(promptPayload(baseOf(state), line, kind.prompt));
      state.turn = { lastText: '' };
      return;
    case 'notification':
      closeTurn(state);
      state.turn = { lastText: '' };
      return;
    case 'interrupt':
      state.turn = undefined;
      return;
    case 'other':
      return;
    default:
      kind satisfies never;
  }
}

function onUser(state: SessionState, line: TranscriptLine, index: number): void {
  for (const pair of state.pairer.takeResults(line)) {
    state.out.push(toolPayload(pair, { ...baseOf(state), ...sidechainFields(pair) }));
  }
  applyKind(state, line, classifyUserLine(state.lines, index));
}

/**
 * Replays a main-session transcript. A turn starts at a real prompt (or a background task
 * notification, or assistant output outside any turn) and ends with `Stop` before the next
 * one, unless the user interrupted it: Claude Code does not run Stop hooks after an interrupt.
 */
export function replaySession(lines: readonly TranscriptLine[], ctx: ReplayContext): HookPayload[] {
  const state: SessionState = {
    ctx,
    lines,
    out: [],
    pairer: createToolPairer(),
    cwd: ctx.cwd,
    turn: undefined,
  };
  state.out.push({ ...baseOf(state), hook_event_name: 'SessionStart', source: 'startup' });
  lines.forEach((line, index) => {
    state.cwd = line.cwd ?? state.cwd;
    if (line.type === 'assistant') onAssistant(state, line);
    else if (line.type === 'user') onUser(state, line, index);
  });
  closeTurn(state);
  state.out.push({ ...baseOf(state), hook_event_name: 'SessionEnd', reason: 'other' });
  return state.out;
}
