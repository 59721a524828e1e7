import { stmt, type Db } from '../statements.ts';
import { listWaitingTurns, type WaitingTurn } from './waiting-turns.ts';

/** A turn (session + prompt number) with events waiting for compression. */
export interface PendingTurn extends WaitingTurn {
  pending: number;
}

/** A stored tool event as the compressor reads it. */
export interface StoredEvent {
  id: number;
  tool_name: string;
  tool_input: string;
  tool_response: string | null;
  error: string | null;
  failed: number;
  agent_id: string | null;
  created_at: number;
  attempts: number;
}

/** Turns with pending events, oldest first. */
export function listPendingTurns(db: Db): PendingTurn[] {
  return listWaitingTurns<PendingTurn>(db, 'events', {
    ended: `EXISTS (SELECT 1 FROM turns t WHERE t.session_id = q.session_id
       AND t.prompt_number = q.prompt_number AND t.agent_id IS NULL)`,
    more: 'COUNT(*) AS pending',
  });
}

/** The pending events of one turn, in capture order. */
export function pendingEventsOfTurn(
  db: Db,
  sessionRowId: number,
  promptNumber: number,
): StoredEvent[] {
  return stmt(
    db,
    `SELECT id, tool_name, tool_input, tool_response, error, failed, agent_id, created_at, attempts
     FROM events WHERE session_id = ? AND prompt_number = ? AND state = 'pending' ORDER BY id`,
  ).all(sessionRowId, promptNumber) as StoredEvent[];
}

/** Ends events as `compressed` or `skipped`, with the reason (null: none to give). */
export function settleEvents(
  db: Db,
  ids: readonly number[],
  state: 'compressed' | 'skipped',
  reason: string | null,
  at: number,
): void {
  const update = stmt(
    db,
    `UPDATE events SET state = @state, reason = @reason, attempts = attempts + 1,
       next_attempt_at = NULL, updated_at = @at WHERE id = @id`,
  );
  for (const id of ids) update.run({ id, state, reason, at });
}

/** Marks events `failed` with the reason and when they may be tried again. */
export function failEvents(
  db: Db,
  ids: readonly number[],
  reason: string,
  retryAt: number,
  at: number,
): void {
  const update = stmt(
    db,
    `UPDATE events SET state = 'failed', reason = @reason, attempts = attempts + 1,
       next_attempt_at = @retryAt, updated_at = @at WHERE id = @id`,
  );
  for (const id of ids) update.run({ id, reason, retryAt, at });
}

/** Failed events whose retry time has come (and attempts are left) go back to pending. */
export function requeueDueEvents(db: Db, now: number, maxAttempts: number): number {
  return stmt(
    db,
    `UPDATE events SET state = 'pending', updated_at = @now
     WHERE state = 'failed' AND attempts < @maxAttempts AND next_attempt_at <= @now`,
  ).run({ now, maxAttempts }).changes;
}

/** Every failed event back to pending with a fresh count of attempts (`claude-mem retry`). */
export function requeueFailedEvents(db: Db, now: number): number {
  return stmt(
    db,
    `UPDATE events SET state = 'pending', attempts = 0, next_attempt_at = NULL, updated_at = ?
     WHERE state = 'failed'`,
  ).run(now).changes;
}

/** Whether a turn still has events that will be compressed (pending, or failed with retries left). */
export function turnHasOpenEvents(
  db: Db,
  sessionRowId: number,
  promptNumber: number,
  maxAttempts: number,
): boolean {
  return (
    (
      stmt(
        db,
        `SELECT EXISTS (SELECT 1 FROM events WHERE session_id = ? AND prompt_number = ?
         AND (state = 'pending' OR (state = 'failed' AND attempts < ?))) AS open`,
      ).get(sessionRowId, promptNumber, maxAttempts) as { open: number }
    ).open === 1
  );
}

/** Whether a turn has failed events waiting for a retry (attempts left, retry time not come). */
export function turnAwaitsRetries(
  db: Db,
  sessionRowId: number,
  promptNumber: number,
  maxAttempts: number,
): boolean {
  const row = stmt(
    db,
    `SELECT EXISTS (SELECT 1 FROM events WHERE session_id = ? AND prompt_number = ?
     AND state = 'failed' AND attempts < ?) AS waiting`,
  ).get(sessionRowId, promptNumber, maxAttempts) as { waiting: number };
  return row.waiting === 1;
}
