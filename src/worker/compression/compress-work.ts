import {
  noiseReason,
  type CompressEvent,
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
import { planSummaryRequest, planTurn, type SummaryPlan } from './turn-plan.ts';
import { withRelated } from './related-work.ts';

/** One observation request to make: a turn or a slice of it. */
export interface EventWork {
  turn: PendingTurn;
  batch: TurnBatch;
  finalAttempt: boolean;
  /** How the turn's summary comes (`rides`: this batch asks for it, its batch has `withSummary`). */
  summary: SummaryPlan;
}

/** One summary to write. */
export interface SummaryWork {
  turn: PendingTurnEnd;
  input: TurnSummaryInput;
  finalAttempt: boolean;
  /** A request of its own, or a skip when there is nothing to summarize. */
  plan: SummaryPlan;
}

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
 * requeued first. Whether the turn's summary rides on its last request is planTurn's.
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
    const batch = withRelated(db, {
      project: turn.project,
      root: turn.projectRoot,
      promptNumber: turn.promptNumber,
      prompt,
      events,
    });
    const finalAttempt = turn.attempts + 1 >= maxAttempts;
    const over = isOver(turn, settings, now);
    const end = over ? ends.get(turnKey(turn)) : undefined;
    const { summary, slices } = planTurn({
      batch,
      over,
      end,
      limits,
      awaitsRetries: (closes) =>
        turnAwaitsRetries(db, closes.sessionRowId, closes.promptNumber, maxAttempts),
      summaryContext: (closes) => summaryContextOf(db, closes),
    });
    return slices.map((slice) => ({ turn, batch: slice.batch, finalAttempt, summary }));
  });
}

const turnKey = (turn: { sessionRowId: number; promptNumber: number }): string =>
  `${turn.sessionRowId}:${turn.promptNumber}`;

/** Pending turn ends whose turn is over: ready for a summary once their events are done. */
function readyTurnEnds(db: Db, settings: Settings, now: number): PendingTurnEnd[] {
  return listPendingTurnEnds(db).filter((turn) => isOver(turn, settings, now));
}

/** The part of a turn's summary input a closing batch carries (`withSummary`). */
function summaryContextOf(db: Db, turn: PendingTurnEnd) {
  const { observations, lastAssistantMessage, subagentMessages } = summaryInputOf(db, turn);
  return { observations, lastAssistantMessage, subagentMessages };
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
      const plan = planSummaryRequest(turn, input);
      return { turn, input, finalAttempt: turn.attempts + 1 >= maxAttempts, plan };
    });
}
