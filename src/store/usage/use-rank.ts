import type { Db } from '../statements.js';
import { stmt } from '../statements.ts';

/** What ranking learns from the ledger about one memory. */
export interface UseStanding {
  /** Its last use, when the agent used it (its age for ranking starts again there). */
  renewedAt: number | null;
  /** Sessions it was injected into and not used in, since its last use and the user's reset. */
  unusedSessions: number;
}

/**
 * useStandings' statement: one pass over each memory's injections, grouped by session; a
 * session counts when none of its injections of the memory was used and one came after the
 * bound. (A NOT EXISTS lookup per injection read the memory's ledger again for each row:
 * quadratic in the sessions it was shown in, 3 s for 120 memories shown in 338 sessions.)
 */
export const STANDINGS_SQL = `SELECT w.id, m.renewed_at AS renewedAt, (
    SELECT COUNT(*) FROM (SELECT 1 FROM injections i
      WHERE i.observation_id = w.id AND i.session_id != @except
      GROUP BY i.session_id
      HAVING COUNT(i.used_at) = 0
        AND MAX(i.at) > MAX(COALESCE(m.decay_reset_at, 0), COALESCE(m.renewed_at, 0)))
  ) AS unusedSessions
  FROM (SELECT value AS id FROM json_each(@ids)) w
  LEFT JOIN memory_use m ON m.observation_id = w.id`;

/**
 * The ledger's standing of `ids` (those with none are absent): when each was last used, and in
 * how many sessions since then (and since the user reset its decay) it was injected and never
 * used. `exceptSession` (the one asking) does not count: it has not had its chance yet.
 */
export function useStandings(
  db: Db,
  ids: readonly number[],
  exceptSession = '',
): Map<number, UseStanding> {
  if (ids.length === 0) return new Map();
  const rows = stmt(db, STANDINGS_SQL).all({
    ids: JSON.stringify(ids),
    except: exceptSession,
  }) as Array<UseStanding & { id: number }>;
  return new Map(
    rows
      .filter((row) => row.renewedAt !== null || row.unusedSessions > 0)
      .map(({ id, ...standing }) => [id, standing]),
  );
}

/** The user's reset of a memory's decay: injections before now no longer sink it. */
export function resetDecay(db: Db, id: number, now: number): void {
  stmt(
    db,
    `INSERT INTO memory_use (observation_id, decay_reset_at) VALUES (@id, @now)
     ON CONFLICT (observation_id) DO UPDATE SET decay_reset_at = @now`,
  ).run({ id, now });
}
