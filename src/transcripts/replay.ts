import { replayAgent } from './agent-replay.ts';
import type { HookPayload } from './hook-payload.ts';
import { resolveContext } from './replay-context.ts';
import type { ReplayOptions } from './replay-context.ts';
import { replaySession } from './session-replay.ts';
import { parseTranscriptLines } from './transcript-line.ts';

/**
 * Turns one transcript (JSONL text) into the ordered hook payloads Claude Code sent for it.
 * Pure: reads nothing but its arguments. Unparsable lines are skipped (count them with
 * `parseTranscriptLines`).
 *
 * - Main session: `SessionStart(startup)`, then per turn `UserPromptSubmit`, one
 *   `PostToolUse`/`PostToolUseFailure` per answered tool use (in result order), `Stop`;
 *   then `SessionEnd(other)`.
 * - Subagent transcript (`agent-*.jsonl`, or sidechain lines): its tool payloads with the
 *   parent's `session_id` and `agent_id`, then one `SubagentStop`.
 *
 * @example
 * const payloads = replayTranscript(readFileSync(path, 'utf8'), { transcriptPath: path });
 */
export function replayTranscript(text: string, opts: ReplayOptions = {}): HookPayload[] {
  const { lines } = parseTranscriptLines(text);
  const ctx = resolveContext(lines, opts);
  return ctx.agent === undefined ? replaySession(lines, ctx) : replayAgent(lines, ctx, ctx.agent);
}
