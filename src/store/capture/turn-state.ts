import { countStates } from './captured.ts';
import { stmt, type Db } from '../statements.ts';

/** A turn whose end (Stop, SubagentStop) waits for its summary. */
export interface PendingTurnEnd {
  sessionRowId: number;
  sessionId: string;
  project: string;
  projectRoot: string;
  promptNumber: number;
  /** The main agent's Stop is among them (not only SubagentStops). */
  ended: number;
  /** A later prompt arrived or the session ended. */
  movedOn: number;
  oldest: number;
  attempts: number;
}

/** Turn ends waiting for a summary, grouped by turn, oldest first. */
export function listPendingTurnEnds(db: Db): PendingTurnEnd[] {
  return stmt(
    db,
    `SELECT t.session_id AS sessionRowId, s.session_id AS sessionId, s.project,
       s.project_root AS projectRoot, t.prompt_number AS promptNumber,
       MAX(t.agent_id IS NULL) AS ended,
       (s.prompt_count > t.prompt_number OR s.status <> 'active') AS movedOn,
       MIN(t.created_at) AS oldest, MAX(t.attempts) AS attempts
     FROM turns t JOIN sessions s ON s.id = t.session_id
     WHERE t.state = 'pending'
     GROUP BY t.session_id, t.prompt_number ORDER BY oldest`,
  ).all() as PendingTurnEnd[];
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
