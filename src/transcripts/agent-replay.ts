import { textsOf } from './blocks.ts';
import type { HookPayload, PayloadCommon } from './hook-payload.ts';
import type { ReplayContext } from './replay-context.ts';
import { createToolPairer, toolPayload } from './tool-pairs.ts';
import type { TranscriptLine } from './transcript-line.ts';

type Agent = NonNullable<ReplayContext['agent']>;
type Base = PayloadCommon;

function agentBase(ctx: ReplayContext, agent: Agent, cwd: string): Base {
  const base = { session_id: ctx.sessionId, transcript_path: ctx.transcriptPath, cwd };
  const withId = { ...base, agent_id: agent.agentId };
  return agent.agentType === undefined ? withId : { ...withId, agent_type: agent.agentType };
}

/**
 * Replays a subagent transcript: its tool hooks (with the parent's `session_id` plus
 * `agent_id`/`agent_type`) and one `SubagentStop`. A subagent fires no SessionStart,
 * UserPromptSubmit, Stop or SessionEnd.
 */
export function replayAgent(
  lines: readonly TranscriptLine[],
  ctx: ReplayContext,
  agent: Agent,
): HookPayload[] {
  const out: HookPayload[] = [];
  const pairer = createToolPairer();
  let cwd = ctx.cwd;
  let lastText = '';
  for (const line of lines) {
    cwd = line.cwd ?? cwd;
    if (line.type === 'assistant') lastText = textsOf(line).at(-1) ?? lastText;
    pairer.addUses(line);
    for (const pair of pairer.takeResults(line))
      out.push(toolPayload(pair, agentBase(ctx, agent, cwd)));
  }
  const stop = { stop_hook_active: false, last_assistant_message: lastText };
  const paths = { agent_id: agent.agentId, agent_transcript_path: agent.agentTranscriptPath };
  out.push({ ...agentBase(ctx, agent, cwd), hook_event_name: 'SubagentStop', ...paths, ...stop });
  return out;
}
