import {
  frameTokens,
  sliceTurn,
  type FoldedSummary,
  type Slice,
  type SliceLimits,
  type SummaryContext,
  type TurnBatch,
  type TurnSummaryInput,
} from '../../compress/index.ts';
import type { PendingTurnEnd } from '../../store/index.ts';

/**
 * How a turn's summary is asked for, decided in one place: collectEventWork plans each turn's
 * requests with it, storeObservations folds a summary only from a `rides` request, and the loop
 * sends a `summary-request` after the pass's events (or settles a `skip`).
 */
export type SummaryPlan =
  /** The turn runs on, or its end is not stored yet: no summary in this pass. */
  | { kind: 'not-yet' }
  /** The turn's one closing request asks for the summary too (one answer holds both). */
  | { kind: 'rides'; end: PendingTurnEnd }
  /** The closing requests but the last go now; the last one, alone next pass, brings it. */
  | { kind: 'last-slice-next'; end: PendingTurnEnd }
  /** The summary comes from a request of its own once the turn's events are done. */
  | { kind: 'own-request'; end: PendingTurnEnd; why: OwnRequestReason }
  /** A turn with nothing to summarize: its end is settled `skipped` without a request. */
  | { kind: 'skip'; end: PendingTurnEnd; reason: string };

/** Why a summary cannot ride on the turn's last request. */
export type OwnRequestReason =
  /** Earlier failed events of the turn wait for their retry: the summary must name them. */
  | 'awaits-retries'
  /** The summary's context would take more than half of compress.maxInputTokens. */
  | 'context-too-large'
  /** Collected after the events: none left to ride on (or their answer left it out). */
  | 'after-events';

/** A turn's requests for this pass and how its summary comes. */
export interface TurnPlan {
  summary: SummaryPlan;
  /** The requests to send now; only a `rides` plan's one slice keeps `withSummary`. */
  slices: Slice[];
}

/** What planTurn decides from; the thunks are read only when the decision needs them. */
export interface TurnFacts {
  /** The turn's events still to compress (noise already dropped), never empty. */
  batch: TurnBatch;
  /** The turn is over: Stop, a later prompt, session end, or flushed by age. */
  over: boolean;
  /** The turn's end waiting for its summary, when the turn is over and it is stored. */
  end: PendingTurnEnd | undefined;
  limits: SliceLimits;
  /** Earlier failed events of the turn wait for their retry. */
  awaitsRetries: (end: PendingTurnEnd) => boolean;
  /** What a closing request carries of the summary's input. */
  summaryContext: (end: PendingTurnEnd) => SummaryContext;
}

/** Below this, a final message with no observations is not worth a summary. */
const SUBSTANTIAL_MESSAGE = 200;

const plain = (slice: Slice): Slice => ({
  ...slice,
  batch: { ...slice.batch, withSummary: undefined },
});

/**
 * Plans a turn's observation requests. A turn that is over and whose end is stored gets its
 * summary folded into its last request, sliced with the summary's context counted; when that
 * makes more than one request, the others go first so that the last can name their
 * observations. Without an end, or when the summary cannot ride, the turn's events go plain
 * (only the full slices of a turn still running).
 */
export function planTurn(facts: TurnFacts): TurnPlan {
  const { batch, over, end, limits } = facts;
  if (!over || !end) {
    const slices = sliceTurn(batch, limits).filter((slice) => over || slice.full);
    return { summary: { kind: 'not-yet' }, slices: slices.map(plain) };
  }
  const own = (why: OwnRequestReason): TurnPlan => ({
    summary: { kind: 'own-request', end, why },
    slices: sliceTurn(batch, limits).map(plain),
  });
  if (facts.awaitsRetries(end)) return own('awaits-retries');
  const closing = { ...batch, withSummary: facts.summaryContext(end) };
  if (frameTokens(closing, limits.fieldChars) > limits.maxInputTokens / 2)
    return own('context-too-large');
  const slices = sliceTurn(closing, limits);
  if (slices.length === 1) return { summary: { kind: 'rides', end }, slices };
  return { summary: { kind: 'last-slice-next', end }, slices: slices.slice(0, -1).map(plain) };
}

/**
 * The plan of a summary collected after the events: its own request, or a skip when there is
 * nothing worth keeping (no observations and a short final message).
 */
export function planSummaryRequest(end: PendingTurnEnd, input: TurnSummaryInput): SummaryPlan {
  const trivial =
    input.observations.length === 0 &&
    input.lastAssistantMessage.trim().length < SUBSTANTIAL_MESSAGE;
  return trivial
    ? {
        kind: 'skip',
        end,
        reason: 'nothing worth keeping: no observations and a short final message',
      }
    : { kind: 'own-request', end, why: 'after-events' };
}

/**
 * The summary a request's answer brings for its turn, with the end it closes: only a `rides`
 * request's counts; without one, the turn's end stays pending for a request of its own.
 */
export function ridingSummary(
  plan: SummaryPlan,
  answer: FoldedSummary | undefined,
): (FoldedSummary & { end: PendingTurnEnd }) | null {
  return plan.kind === 'rides' && answer ? { end: plan.end, ...answer } : null;
}
