import type { InjectionMoment } from '../domain/ledger.ts';
import type { SessionEvent } from './session-events.ts';

/** Which of claude-mem's MCP tools put a memory before the agent. */
export type McpMoment = Extract<InjectionMoment, `mcp-${string}`>;

/** A memory an MCP answer showed the agent: when, in which turn, and what its part cost. */
export interface McpInjection {
  observationId: number;
  moment: McpMoment;
  turn: number;
  at: number;
  tokens: number;
}

// The answers' shapes are src/mcp/format.ts: `#12  2025-...` (search), `> #12 ...` (timeline),
// a block per record starting `#12 type: title` (get_observations).
const TOOLS: ReadonlyArray<[RegExp, McpMoment]> = [
  [/^mcp__.*mem.*__search$/i, 'mcp-search'],
  [/^mcp__.*mem.*__timeline$/i, 'mcp-timeline'],
  [/^mcp__.+__get_observations$/, 'mcp-get'],
];
const LINE_ID = /^[> ]?\s*#(\d+)\s/;

const tokensOf = (text: string): number => Math.ceil(text.length / 4);

/** The ids an answer shows, each with the tokens of its line (or block, for full records). */
function shownIn(text: string, moment: McpMoment): Array<[number, number]> {
  const parts = moment === 'mcp-get' ? text.split('\n\n') : text.split('\n');
  const found = new Map<number, number>();
  for (const part of parts) {
    const id = Number(LINE_ID.exec(part)?.[1] ?? Number.NaN);
    if (Number.isInteger(id) && id > 0) found.set(id, (found.get(id) ?? 0) + tokensOf(part));
  }
  return [...found];
}

/**
 * The memories claude-mem's MCP tools (search, timeline, get_observations) showed the agent in
 * a session, read from the tools' answers in its transcript. Pure.
 */
export function mcpInjections(events: readonly SessionEvent[]): McpInjection[] {
  return events.flatMap((event) => {
    if (event.kind !== 'context' || !event.tool) return [];
    const moment = TOOLS.find(([pattern]) => pattern.test(event.tool ?? ''))?.[1];
    if (!moment) return [];
    return shownIn(event.text, moment).map(([observationId, tokens]): McpInjection => ({
      observationId,
      moment,
      turn: event.turn,
      at: event.at,
      tokens,
    }));
  });
}
