import {
  noiseReason,
  sliceTurn,
  type CompressEvent,
  type ObservationKind,
  type TurnBatch,
  type TurnSummaryInput,
} from '../compress/index.ts';
import type { Settings } from '../config/index.ts';
import {
  listPendingTurnEnds,
  listPendingTurns,
  observationsOfTurn,
  pendingEventsOfTurn,
  promptOfTurn,
  requeueDueEvents,
  requeueTurnEnds,
  settleEvents,
  turnHasOpenEvents,
  turnMessages,
  type Db,
  type PendingTurn,
  type PendingTurnEnd,
  type StoredEvent,
} from '../store/index.ts';

/** One observation request to make: a turn or a slice of it. */
export interface EventWork {
  turn: PendingTurn;
  batch: TurnBatch;
  finalAttempt: boolean;
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
 * requeued first.
 */
export function collectEventWork(db: Db, settings: Settings, now: number): EventWork[] {
  const maxAttempts = settings['compress.maxAttempts'];
  requeueDueEvents(db, now, maxAttempts);
  const limits = {
    maxEvents: settings['compress.batchEvents'],
    maxInputTokens: settings['compress.maxInputTokens'],
    fieldChars: settings['compress.eventFieldChars'],
  };
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
    const over = isOver(turn, settings, now);
    return sliceTurn(batch, limits)
      .filter((slice) => over || slice.full)
      .map((slice) => ({
        turn,
        batch: slice.batch,
        finalAttempt: turn.attempts + 1 >= maxAttempts,
      }));
  });
}

/** Summaries ready now: turns that are over and have no events left to compress. */
export function collectSummaryWork(db: Db, settings: Settings, now: number): SummaryWork[] {
  const maxAttempts = settings['compress.maxAttempts'];
  requeueTurnEnds(db, now, maxAttempts);
  return listPendingTurnEnds(db)
    .filter((turn) => isOver(turn, settings, now))
    .filter((turn) => !turnHasOpenEvents(db, turn.sessionRowId, turn.promptNumber, maxAttempts))
    .map((turn) => {
      const messages = turnMessages(db, turn.sessionRowId, turn.promptNumber);
      const observations = observationsOfTurn(db, turn.sessionRowId, turn.promptNumber).map(
        (o) => ({
          ...o,
          type: o.type as ObservationKind,
        }),
      );
      const input: TurnSummaryInput = {
        project: turn.project,
        root: turn.projectRoot,
        promptNumber: turn.promptNumber,
        prompt: promptOfTurn(db, turn.sessionRowId, turn.promptNumber),
        observations,
        lastAssistantMessage: messages.main,
        subagentMessages: messages.subagents,
      };
      const trivial =
        observations.length === 0 && messages.main.trim().length < SUBSTANTIAL_MESSAGE;
      const skip = trivial
        ? 'nothing worth keeping: no observations and a short final message'
        : undefined;
      return { turn, input, finalAttempt: turn.attempts + 1 >= maxAttempts, skip };
    });
}
