import type { Db } from '../statements.js';
import { stmt } from '../statements.ts';

/** How an observation is known (issue 34); NULL in the database for rows before migration 018. */
export type Known = 'hypothesis' | 'verified';

/** What verified it: a passing test run or command, a commit that holds it, the user. */
export type VerifiedBy = 'test' | 'command' | 'commit' | 'user';

/** Sets how `ids` are known; a verified one never goes back to hypothesis. */
export function setKnown(db: Db, ids: readonly number[], known: Known, by?: VerifiedBy): void {
  if (ids.length === 0) return;
  stmt(
    db,
    `UPDATE observations SET known = @known, known_by = @by
     WHERE id IN (SELECT value FROM json_each(@ids)) AND (known IS NULL OR known = 'hypothesis')`,
  ).run({ ids: JSON.stringify(ids), known, by: by ?? null });
}

/**
 * A passing check at `before` verifies what the session stated before it: its observations made
 * from events no later than `before` that are still hypotheses. Returns their ids.
 */
export function verifyEarlier(
  db: Db,
  sessionRowId: number,
  before: number,
  by: Exclude<VerifiedBy, 'user'>,
): number[] {
  const rows = stmt(
    db,
    `UPDATE observations SET known = 'verified', known_by = @by
     WHERE session_id = @session AND known = 'hypothesis' AND created_at <= @before
     RETURNING id`,
  ).all({ session: sessionRowId, before, by }) as Array<{ id: number }>;
  return rows.map((row) => row.id);
}

/** The user's confirmation (`verify --accept`, MCP, the viewer): false when there is no such id. */
export function acceptMemory(db: Db, id: number): boolean {
  return (
    stmt(db, `UPDATE observations SET known = 'verified', known_by = 'user' WHERE id = ?`).run(id)
      .changes > 0
  );
}
