import { sourcesOf } from './event-files.ts';
import { createLlmCaller } from './llm-call.ts';
import type { LlmCompressorDeps, LlmLimits } from './llm-deps.ts';
import { requestTokens, type LlmRequest, type LlmTransport } from './llm-request.ts';
import { toObservationDraft, toSummaryDraft } from './normalize.ts';
import { parseClosingAnswer, type ClosingSummary } from './parse-closing.ts';
import {
  parseObservations,
  parseSummary,
  type BadOutput,
  type Parsed,
  type RawObservation,
} from './parse-output.ts';
import {
  SUMMARY_SYSTEM,
  observationMessage,
  observationSystem,
  summaryMessage,
} from './prompts.ts';
import type {
  Compressor,
  FoldedSummary,
  ObservationDraft,
  ObservationsResult,
  SummaryResult,
  TurnBatch,
  TurnSummaryInput,
  Usage,
} from './types.ts';

export type { LlmCompressorDeps, LlmLimits };

/**
 * A Compressor over any LLM transport: one stateless request per batch (see createLlmCaller for
 * limits, budget, retries and the correction retry); answers become observations whose sources
 * are the events of the files they name, or a summary with the observations' files. A batch
 * that closes its turn (`withSummary`) gets both from one answer.
 */
export function createLlmCompressor(transport: LlmTransport, deps: LlmCompressorDeps): Compressor {
  const caller = createLlmCaller(transport, deps);
  const { limits } = deps;
  return {
    name: transport.provider,
    model: transport.model,
    async compressTurn(batch: TurnBatch, signal?: AbortSignal): Promise<ObservationsResult> {
      const request = observationRequest(batch, limits);
      const context = batch.withSummary;
      if (!context) {
        const { parsed, usage } = await caller.ask(
          request,
          parseObservations,
          batch.project,
          signal,
        );
        return observationsOf(parsed, batch, usage);
      }
      const { parsed, usage } = await caller.ask(
        request,
        parseClosingAnswer,
        batch.project,
        signal,
      );
      const result = observationsOf(parsed, batch, usage);
      const all = [...context.observations, ...result.observations];
      return { ...result, summary: foldedSummary(parsed.summary, all) };
    },
    async summarizeTurn(input: TurnSummaryInput, signal?: AbortSignal): Promise<SummaryResult> {
      const { parsed, usage } = await caller.ask(
        summaryRequest(input, limits),
        parseSummary,
        input.project,
        signal,
      );
      const raw = parsed.kind === 'items' ? parsed.items[0] : undefined;
      if (!raw)
        return {
          summary: null,
          usage,
          skipped: parsed.kind === 'skip' ? parsed.reason : 'no summary',
        };
      return { summary: toSummaryDraft(raw, filesOf(input.observations)), usage };
    },
  };
}

/** The observation request of a batch (which also asks for the summary of a closing batch). */
function observationRequest(batch: TurnBatch, limits: LlmLimits): LlmRequest {
  const content = observationMessage(batch, { root: batch.root, fieldChars: limits.fieldChars });
  return {
    system: observationSystem(batch),
    messages: [{ role: 'user', content }],
    maxOutputTokens: limits.maxOutputTokens,
  };
}

/** Parsed observations as drafts whose sources are the events of the files they name. */
function observationsOf(
  parsed: Exclude<Parsed<RawObservation>, BadOutput>,
  batch: TurnBatch,
  usage: Usage,
): ObservationsResult {
  if (parsed.kind === 'skip') return { observations: [], usage, skipped: parsed.reason };
  const observations = parsed.items.map((raw) => {
    const draft = toObservationDraft(raw, batch.root, []);
    return { ...draft, sourceEventIds: sourcesOf(draft, batch.events, batch.root) };
  });
  return { observations, usage };
}

/** The summary part of a closing answer, its files those of all the turn's observations. */
function foldedSummary(
  summary: ClosingSummary | undefined,
  observations: ObservationDraft[],
): FoldedSummary | undefined {
  if (summary === undefined) return undefined;
  const raw = summary.kind === 'items' ? summary.items[0] : undefined;
  if (!raw)
    return { summary: null, skipped: summary.kind === 'skip' ? summary.reason : 'no summary' };
  return { summary: toSummaryDraft(raw, filesOf(observations)) };
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

function filesOf(observations: ObservationDraft[]) {
  const unique = (lists: string[][]) => [...new Set(lists.flat())].slice(0, 50);
  return {
    filesRead: unique(observations.map((o) => o.filesRead)),
    filesModified: unique(observations.map((o) => o.filesModified)),
  };
}
