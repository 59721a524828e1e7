import { sourcesOf } from './event-files.ts';
import type { Budget } from './budget.ts';
import { createLlmCaller } from './llm-call.ts';
import { requestTokens, type LlmRequest, type LlmTransport } from './llm-request.ts';
import { toObservationDraft, toSummaryDraft } from './normalize.ts';
import { parseObservations, parseSummary } from './parse-output.ts';
import {
  OBSERVATION_SYSTEM,
  SUMMARY_SYSTEM,
  observationMessage,
  summaryMessage,
} from './prompts.ts';
import type {
  Compressor,
  ObservationsResult,
  SummaryResult,
  TurnBatch,
  TurnSummaryInput,
} from './types.ts';

/** Size, time and retry limits of LLM requests (from `compress.*` settings). */
export interface LlmLimits {
  maxInputTokens: number;
  maxOutputTokens: number;
  fieldChars: number;
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
  /** Requests in flight at once; the timeout starts when a request gets its turn. */
  concurrency: number;
}

/** What an LLM compressor needs besides its transport. */
export interface LlmCompressorDeps {
  limits: LlmLimits;
  budget: Budget;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/**
 * A Compressor over any LLM transport: one stateless request per batch (see createLlmCaller for
 * limits, budget, retries and the correction retry); answers become observations whose sources
 * are the events of the files they name, or a summary with the observations' files.
 */
export function createLlmCompressor(transport: LlmTransport, deps: LlmCompressorDeps): Compressor {
  const caller = createLlmCaller(transport, deps);
  const { limits } = deps;
  return {
    name: transport.provider,
    model: transport.model,
    async compressTurn(batch: TurnBatch, signal?: AbortSignal): Promise<ObservationsResult> {
      const { parsed, usage } = await caller.ask(
        observationRequest(batch, limits),
        parseObservations,
        signal,
      );
      if (parsed.kind === 'skip') return { observations: [], usage, skipped: parsed.reason };
      const observations = parsed.items.map((raw) => {
        const draft = toObservationDraft(raw, batch.root, []);
        return { ...draft, sourceEventIds: sourcesOf(draft, batch.events, batch.root) };
      });
      return { observations, usage };
    },
    async summarizeTurn(input: TurnSummaryInput, signal?: AbortSignal): Promise<SummaryResult> {
      const { parsed, usage } = await caller.ask(
        summaryRequest(input, limits),
        parseSummary,
        signal,
      );
      const raw = parsed.kind === 'items' ? parsed.items[0] : undefined;
      if (!raw)
        return {
          summary: null,
          usage,
          skipped: parsed.kind === 'skip' ? parsed.reason : 'no summary',
        };
      return { summary: toSummaryDraft(raw, filesOf(input)), usage };
    },
  };
}

/** The observation request of a batch. */
function observationRequest(batch: TurnBatch, limits: LlmLimits): LlmRequest {
  const content = observationMessage(batch, { root: batch.root, fieldChars: limits.fieldChars });
  return {
    system: OBSERVATION_SYSTEM,
    messages: [{ role: 'user', content }],
    maxOutputTokens: limits.maxOutputTokens,
  };
}

/** A summary request that fits: observations are halved until it is under the limit. */
function summaryRequest(input: TurnSummaryInput, limits: LlmLimits): LlmRequest {
  let observations = input.observations;
  let subagentMessages = input.subagentMessages;
  for (;;) {
    const content = summaryMessage({ ...input, observations, subagentMessages });
    const request = {
      system: SUMMARY_SYSTEM,
      messages: [{ role: 'user' as const, content }],
      maxOutputTokens: limits.maxOutputTokens,
    };
    if (
      requestTokens(request) <= limits.maxInputTokens ||
      (observations.length === 0 && subagentMessages.length === 0)
    ) {
      return request;
    }
    subagentMessages = [];
    observations = observations.slice(0, Math.floor(observations.length / 2));
  }
}

function filesOf(input: TurnSummaryInput) {
  const unique = (lists: string[][]) => [...new Set(lists.flat())].slice(0, 50);
  return {
    filesRead: unique(input.observations.map((o) => o.filesRead)),
    filesModified: unique(input.observations.map((o) => o.filesModified)),
  };
}
