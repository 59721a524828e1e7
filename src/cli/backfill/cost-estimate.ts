import {
  noiseReason,
  sliceTurn,
  type CompressEvent,
  type TurnBatch,
} from '../../compress/index.ts';
import { requestTokens } from '../../compress/llm-request.ts';
import {
  SUMMARY_SYSTEM,
  observationMessage,
  observationSystem,
  summaryMessage,
} from '../../compress/prompts.ts';
import type { Settings } from '../../config/index.ts';
import type { SpoolEvent } from '../../spool/index.ts';

/** What compressing backfilled events with an LLM would take, estimated before sending them. */
export interface CostEstimate {
  sessions: number;
  /** Captured tool events (what gets compressed). */
  events: number;
  /** Prompts that will be stored (a fully private one is not). */
  prompts: number;
  /** Observation and summary requests an LLM provider would get. */
  requests: number;
  /** Estimated input tokens of those requests (the compressor's own estimate: bytes / 3). */
  tokensIn: number;
  /** The output limit of every request added up: output can be no more than this. */
  maxTokensOut: number;
}

/** An estimate of nothing. */
export const NO_COST: CostEstimate = {
  sessions: 0,
  events: 0,
  prompts: 0,
  requests: 0,
  tokensIn: 0,
  maxTokensOut: 0,
};

/** Sums two estimates. */
export function addCost(a: CostEstimate, b: CostEstimate): CostEstimate {
  const sum = { ...a };
  for (const key of Object.keys(sum) as Array<keyof CostEstimate>) sum[key] += b[key];
  return sum;
}

interface Turn {
  prompt: string | null;
  events: CompressEvent[];
  /** Claude's last message of the turn when its Stop came (a summary is asked for). */
  stop: string | undefined;
  subagents: string[];
}

function toCompressEvent(event: Extract<SpoolEvent, { kind: 'tool' }>, id: number): CompressEvent {
  return {
    id,
    toolName: event.toolName,
    input: event.input,
    response: event.response,
    error: event.error,
    failed: event.failed,
    agentId: event.agentId,
    at: event.at,
  };
}

/** The session's turns as the worker will number them: a prompt opens the next one. */
function turnsOf(events: readonly SpoolEvent[]): Turn[] {
  const turns: Turn[] = [{ prompt: null, events: [], stop: undefined, subagents: [] }];
  events.forEach((event, index) => {
    const turn = turns.at(-1)!;
    if (event.kind === 'prompt')
      turns.push({ prompt: event.text, events: [], stop: undefined, subagents: [] });
    else if (event.kind === 'tool') turn.events.push(toCompressEvent(event, index));
    else if (event.kind === 'turn-end' && event.agentId === null)
      turn.stop = event.lastAssistantMessage;
    else if (event.kind === 'turn-end') turn.subagents.push(event.lastAssistantMessage);
  });
  return turns;
}

/**
 * The observation requests of a turn's events. A finished turn's last request also asks for
 * the summary (as the worker does, the slices before it going plain); its context counts in
 * every slice's size, as sliceTurn counts it.
 */
function turnTokens(batch: TurnBatch, settings: Settings): { requests: number; tokens: number } {
  const render = { root: batch.root, fieldChars: settings['compress.eventFieldChars'] };
  const limits = {
    maxEvents: settings['compress.batchEvents'],
    maxInputTokens: settings['compress.maxInputTokens'],
    fieldChars: settings['compress.eventFieldChars'],
  };
  const slices = sliceTurn(batch, limits);
  const tokens = slices.reduce((sum, slice, index) => {
    const last = index === slices.length - 1;
    const sent = last ? slice.batch : { ...slice.batch, withSummary: undefined };
    return (
      sum +
      requestTokens({
        system: observationSystem(sent),
        messages: [{ role: 'user', content: observationMessage(sent, render) }],
      })
    );
  }, 0);
  return { requests: slices.length, tokens };
}

/** A summary request of its own, for a finished turn with no events to fold it into. */
function summaryTokens(turn: Turn, base: Omit<TurnBatch, 'events'>): number {
  const content = summaryMessage({
    ...base,
    observations: [],
    lastAssistantMessage: turn.stop ?? '',
    subagentMessages: turn.subagents,
  });
  return requestTokens({ system: SUMMARY_SYSTEM, messages: [{ role: 'user', content }] });
}

/**
 * Estimates one session's LLM cost with the compressor's own slicing, prompts and token
 * estimate: one request per slice of each turn's events (read-only noise left out, as the
 * worker does), the last one of a finished turn also asking for its summary; a finished turn
 * with no events to send gets a summary request of its own. A summary's earlier observations
 * are not known before compressing, so the estimate leaves them out.
 */
export function estimateSession(
  events: readonly SpoolEvent[],
  settings: Settings,
  project: { name: string; root: string },
): CostEstimate {
  const cost = { ...NO_COST, sessions: 1 };
  turnsOf(events).forEach((turn, promptNumber) => {
    cost.events += turn.events.length;
    cost.prompts += promptNumber > 0 && turn.prompt !== null ? 1 : 0;
    const kept = turn.events.filter((event) => noiseReason(event) === undefined);
    const base = { project: project.name, root: project.root, promptNumber, prompt: turn.prompt };
    const withSummary =
      turn.stop === undefined
        ? undefined
        : { observations: [], lastAssistantMessage: turn.stop, subagentMessages: turn.subagents };
    const observations =
      kept.length > 0 ? turnTokens({ ...base, events: kept, withSummary }, settings) : undefined;
    const alone = turn.stop !== undefined && observations === undefined;
    const requests = (observations?.requests ?? 0) + (alone ? 1 : 0);
    cost.requests += requests;
    cost.tokensIn += (observations?.tokens ?? 0) + (alone ? summaryTokens(turn, base) : 0);
    cost.maxTokensOut += requests * settings['compress.maxOutputTokens'];
  });
  return cost;
}
