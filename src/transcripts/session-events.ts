import { resultText, textsOf, toolResultsOf, toolUsesOf } from './blocks.ts';
import { parseTranscriptLines, type TranscriptLine } from './transcript-line.ts';
import { classifyUserLine } from './user-line-kind.ts';

/**
 * One thing that happened in a session, as the use detector reads it:
 * - `prompt`: the user's prompt (starts a turn);
 * - `context`: other text put before the model (tool results, IDE blocks, hook context);
 * - `text`: the agent's own words;
 * - `tool`: a tool call the agent made, with its input.
 * `result` marks a tool result, with the name of the tool it answers.
 */
export interface SessionEvent {
  kind: 'prompt' | 'context' | 'text' | 'tool';
  /** The prompt number it belongs to: 0 before the first prompt. */
  turn: number;
  /** Its time in ms (the transcript's `timestamp`), NaN when the line had none. */
  at: number;
  text: string;
  /** The tool called (`tool`), or answered (`context` of a tool result). */
  tool?: string;
  input?: unknown;
}

/** The tool results of a user line, each named by the tool call it answers. */
function resultEvents(line: TranscriptLine, base: Base, toolNames: Map<string, string>) {
  return toolResultsOf(line).map((block): SessionEvent => ({
    ...base,
    kind: 'context',
    text: resultText(block.content),
    tool: toolNames.get(block.tool_use_id ?? '') ?? '',
  }));
}

type Base = Pick<SessionEvent, 'turn' | 'at'>;

/** The events of an assistant line: its text blocks, then its tool calls. */
function assistantEvents(line: TranscriptLine, base: Base, toolNames: Map<string, string>) {
  const texts = textsOf(line).map((text): SessionEvent => ({ ...base, kind: 'text', text }));
  const tools = toolUsesOf(line).map((block): SessionEvent => {
    toolNames.set(block.id ?? '', block.name ?? '');
    return { ...base, kind: 'tool', text: '', tool: block.name ?? '', input: block.input };
  });
  return [...texts, ...tools];
}

/**
 * The events of one Claude Code transcript (JSONL text) in order, each with its turn and time.
 * Pure: reading the file is the caller's business (the worker at Stop and SessionEnd, `eval`).
 */
export function sessionEvents(text: string): SessionEvent[] {
  const { lines } = parseTranscriptLines(text);
  const toolNames = new Map<string, string>();
  const events: SessionEvent[] = [];
  let turn = 0;
  lines.forEach((line, index) => {
    const at = line.at ?? Number.NaN;
    if (line.type === 'assistant') {
      events.push(...assistantEvents(line, { turn, at }, toolNames));
      return;
    }
    if (line.type !== 'user') return;
    const kind = classifyUserLine(lines, index);
    if (kind.kind === 'prompt') {
      turn += 1;
      events.push({ kind: 'prompt', turn, at, text: kind.prompt });
      return;
    }
    events.push(...resultEvents(line, { turn, at }, toolNames));
    const other = toolResultsOf(line).length === 0 ? textsOf(line).join('\n') : '';
    if (other.trim() !== '') events.push({ kind: 'context', turn, at, text: other });
  });
  return events;
}
