import { countStates } from './captured.ts';
import { stmt, type Db } from '../statements.ts';
import { listWaitingTurns, type WaitingTurn } from './waiting-turns.ts';

/**
 * A turn whose end (Stop, SubagentStop) waits for its summary; `ended`: the main agent's Stop is
 * among them (not only SubagentStops).
 */
export type PendingTurnEnd = WaitingTurn;

/** Turn ends waiting for a summary, grouped by turn, oldest first. */
export function listPendingTurnEnds(db: Db): PendingTurnEnd[] {
  return listWaitingTurns(db, 'turns', { ended: 'MAX(q.agent_id IS NULL)' });
}

/** The final messages of a turn: the main agent's (or '') and its subagents'. */
export function turnMessages(db: Db, sessionRowId: number, promptNumber: number) {
  const rows = stmt(
    db,
    `SELECT agent_id, last_assistant_message FROM turns
     WHERE session_id = ? AND prompt_number = ? ORDER BY id`,
  ).all(sessionRowId, promptNumber) as Array<{
    agent_id: string | null;
    last_assistant_message: string;
  }>;
  const main = rows.filter((row) => row.agent_id === null).at(-1)?.last_assistant_message ?? '';
  const subagents = rows
    .filter((row) => row.agent_id !== null)
    .map((row) => row.last_assistant_message);
  return { main, subagents };
}

/** The stored prompt of a turn, or null (private or not captured). */
export function promptOfTurn(db: Db, sessionRowId: number, promptNumber: number): string | null {
  const row = stmt(db, 'SELECT text FROM prompts WHERE session_id = ? AND prompt_number = ?').get(
    sessionRowId,
    promptNumber,
  ) as { text: string } | undefined;
  return row?.text ?? null;
}

/** Ends a turn's pending turn ends as `compressed` or `skipped`, or `failed` with a retry time. */
export function settleTurnEnds(
  db: Db,
  turn: { sessionRowId: number; promptNumber: number },
  state: 'compressed' | 'skipped' | 'failed',
  reason: string | null,
  retryAt: number | null = null,
): void {
  stmt(
    db,
    `UPDATE turns SET state = @state, reason = @reason, attempts = attempts + 1,
       next_attempt_at = @retryAt
     WHERE session_id = @sessionRowId AND prompt_number = @promptNumber AND state = 'pending'`,
  ).run({ ...turn, state, reason, retryAt });
}

/** Failed turn ends due again go back to pending (all of them, attempts reset, when `all`). */
export function requeueTurnEnds(db: Db, now: number, maxAttempts: number, all = false): number {
  if (all) {
    return stmt(
      db,
      `UPDATE turns SET state = 'pending', attempts = 0, next_attempt_at = NULL WHERE state = 'failed'`,
    ).run().changes;
  }
  return stmt(
    db,
    `UPDATE turns SET state = 'pending' WHERE state = 'failed' AND attempts < @maxAttempts
       AND next_attempt_at <= @now`,
  ).run({ now, maxAttempts }).changes;
}

/** Counts of turn ends per state. */
export function countTurnStates(db: Db): Record<string, number> {
  return countStates(db, 'turns');
}
