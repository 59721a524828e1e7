import {
  frameTokens,
  noiseReason,
  sliceTurn,
  type CompressEvent,
  type Slice,
  type SliceLimits,
  type TurnBatch,
  type TurnSummaryInput,
} from '../../compress/index.ts';
import type { Settings } from '../../config/index.ts';
import {
  listPendingTurnEnds,
  listPendingTurns,
  observationsOfTurn,
  pendingEventsOfTurn,
  promptOfTurn,
  requeueDueEvents,
  requeueTurnEnds,
  settleEvents,
  turnAwaitsRetries,
  turnHasOpenEvents,
  turnMessages,
  type Db,
  type PendingTurn,
  type PendingTurnEnd,
  type StoredEvent,
} from '../../store/index.ts';

/** One observation request to make: a turn or a slice of it. */
export interface EventWork {
  turn: PendingTurn;
  batch: TurnBatch;
  finalAttempt: boolean;
  /** The turn end whose summary this batch asks for too (its batch has `withSummary`). */
  closes?: PendingTurnEnd | undefined;
}

/** One summary to write. */
export interface SummaryWork {
  turn: PendingTurnEnd;
  input: TurnSummaryInput;
  finalAttempt: boolean;
  /** Why no provider needs to be asked (nothing to summarize). */
  skip?: string | undefined;
}

/** Below this, a final message with no observations is not worth a summary. */
const SUBSTANTIAL_MESSAGE = 200;

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toCompressEvent(row: StoredEvent): CompressEvent {
  return {
    id: row.id,
    toolName: row.tool_name,
    input: parse(row.tool_input),
    response: parse(row.tool_response),
    error: row.error,
    failed: row.failed === 1,
    agentId: row.agent_id,
    at: row.created_at,
  };
}

const isOver = (
  turn: { ended: number; movedOn: number; oldest: number },
  settings: Settings,
  now: number,
) =>
  turn.ended === 1 || turn.movedOn === 1 || now - turn.oldest >= settings['compress.flushAfterMs'];

/** Skips a turn's read-only noise at once (with the reason) and returns the events left. */
function dropNoise(db: Db, events: CompressEvent[], now: number): CompressEvent[] {
  const kept: CompressEvent[] = [];
  for (const event of events) {
    const reason = noiseReason(event);
    if (reason) settleEvents(db, [event.id], 'skipped', reason, now);
    else kept.push(event);
  }
  return kept;
}

/**
 * The observation requests ready now: every slice of a turn that is over (Stop, a later prompt,
 * session end, or its oldest event older than compress.flushAfterMs), and the full slices (N
 * events or K tokens) of a turn still running. Failed events whose retry time came are
 * requeued first. The last request of a turn whose end is ready for its summary also asks for
 * the summary (see closingSlices); the slices before it go first, so that it can name their
 * observations.
 */
export function collectEventWork(db: Db, settings: Settings, now: number): EventWork[] {
  const maxAttempts = settings['compress.maxAttempts'];
  requeueDueEvents(db, now, maxAttempts);
  const limits = {
    maxEvents: settings['compress.batchEvents'],
    maxInputTokens: settings['compress.maxInputTokens'],
    fieldChars: settings['compress.eventFieldChars'],
  };
  const ends = new Map(readyTurnEnds(db, settings, now).map((end) => [turnKey(end), end]));
  return listPendingTurns(db).flatMap((turn) => {
    const events = dropNoise(
      db,
      pendingEventsOfTurn(db, turn.sessionRowId, turn.promptNumber).map(toCompressEvent),
      now,
    );
    if (events.length === 0) return [];
    const prompt = promptOfTurn(db, turn.sessionRowId, turn.promptNumber);
    const batch = {
      project: turn.project,
      root: turn.projectRoot,
      promptNumber: turn.promptNumber,
      prompt,
      events,
    };
    const finalAttempt = turn.attempts + 1 >= maxAttempts;
    const over = isOver(turn, settings, now);
    const end = over ? ends.get(turnKey(turn)) : undefined;
    const closing = end && closingSlices(db, batch, end, limits, maxAttempts);
    if (end && closing?.length === 1)
      return closing.map((slice) => ({ turn, batch: slice.batch, finalAttempt, closes: end }));
    // Every slice but the last goes now; the last one, alone next round, brings the summary.
    if (closing) return closing.slice(0, -1).map((slice) => work(turn, slice, finalAttempt));
    return sliceTurn(batch, limits)
      .filter((slice) => over || slice.full)
      .map((slice) => work(turn, slice, finalAttempt));
  });
}

/** Plain observation work of a slice (no summary asked for). */
function work(turn: PendingTurn, slice: Slice, finalAttempt: boolean): EventWork {
  return { turn, batch: { ...slice.batch, withSummary: undefined }, finalAttempt };
}

const turnKey = (turn: { sessionRowId: number; promptNumber: number }): string =>
  `${turn.sessionRowId}:${turn.promptNumber}`;

/** Pending turn ends whose turn is over: ready for a summary once their events are done. */
function readyTurnEnds(db: Db, settings: Settings, now: number): PendingTurnEnd[] {
  return listPendingTurnEnds(db).filter((turn) => isOver(turn, settings, now));
}

/**
 * The turn's events sliced as requests that close the turn (their fixed part holds the
 * summary's instructions and context), or undefined when the summary must come from a request
 * of its own: earlier failed events of the turn wait for their retry, or the summary's context
 * would take more than half of compress.maxInputTokens.
 */
function closingSlices(
  db: Db,
  batch: TurnBatch,
  end: PendingTurnEnd,
  limits: SliceLimits,
  maxAttempts: number,
): Slice[] | undefined {
  if (turnAwaitsRetries(db, end.sessionRowId, end.promptNumber, maxAttempts)) return undefined;
  const { observations, lastAssistantMessage, subagentMessages } = summaryInputOf(db, end);
  const closing = {
    ...batch,
    withSummary: { observations, lastAssistantMessage, subagentMessages },
  };
  if (frameTokens(closing, limits.fieldChars) > limits.maxInputTokens / 2) return undefined;
  return sliceTurn(closing, limits);
}

/** What a turn's summary is made from: its prompt, stored observations and final messages. */
function summaryInputOf(db: Db, turn: PendingTurnEnd): TurnSummaryInput {
  const messages = turnMessages(db, turn.sessionRowId, turn.promptNumber);
  const observations = observationsOfTurn(db, turn.sessionRowId, turn.promptNumber);
  return {
    project: turn.project,
    root: turn.projectRoot,
    promptNumber: turn.promptNumber,
    prompt: promptOfTurn(db, turn.sessionRowId, turn.promptNumber),
    observations,
    lastAssistantMessage: messages.main,
    subagentMessages: messages.subagents,
  };
}

/**
 * Summaries ready now: turns that are over and have no events left to compress, and whose
 * summary did not come with their last batch.
 */
export function collectSummaryWork(db: Db, settings: Settings, now: number): SummaryWork[] {
  const maxAttempts = settings['compress.maxAttempts'];
  requeueTurnEnds(db, now, maxAttempts);
  return readyTurnEnds(db, settings, now)
    .filter((turn) => !turnHasOpenEvents(db, turn.sessionRowId, turn.promptNumber, maxAttempts))
    .map((turn) => {
      const input = summaryInputOf(db, turn);
      const trivial =
        input.observations.length === 0 &&
        input.lastAssistantMessage.trim().length < SUBSTANTIAL_MESSAGE;
      const skip = trivial
        ? 'nothing worth keeping: no observations and a short final message'
        : undefined;
      return { turn, input, finalAttempt: turn.attempts + 1 >= maxAttempts, skip };
    });
}
