import { stmt, type Db } from '../statements.ts';

/** When claude-mem put something in front of the model. */
export type InjectMoment = 'session-start' | 'prompt' | 'file';

/** Rows older than this are pruned: no Claude Code session lasts that long between turns. */
const KEEP_MS = 30 * 24 * 3600 * 1000;

/** Records that `ids` were injected into `sessionId` at `moment` (first time wins). */
export function markInjected(
  db: Db,
  sessionId: string,
  ids: readonly number[],
  moment: InjectMoment,
  at: number,
): void {
  const insert = stmt(
    db,
    `INSERT OR IGNORE INTO recall_injected (session_id, kind, item, moment, at)
     VALUES (?, 'observation', ?, ?, ?)`,
  );
  db.transaction(() => {
    for (const id of ids) insert.run(sessionId, String(id), moment, at);
  })();
}

/**
 * Records that file-time recall spoke about `file` in `sessionId`; false when it already had
 * (the claim is the insert, so two racing hooks cannot both speak).
 */
export function claimFile(db: Db, sessionId: string, file: string, at: number): boolean {
  const result = stmt(
    db,
    `INSERT OR IGNORE INTO recall_injected (session_id, kind, item, moment, at)
     VALUES (?, 'file', ?, 'file', ?)`,
  ).run(sessionId, file, at);
  return result.changes === 1;
}

/** The observation ids already injected into `sessionId`, by the moments given. */
export function injectedIds(
  db: Db,
  sessionId: string,
  moments: readonly InjectMoment[] = ['session-start', 'prompt', 'file'],
): Set<number> {
  const rows = stmt(
    db,
    `SELECT item FROM recall_injected WHERE session_id = ? AND kind = 'observation'
       AND moment IN (SELECT value FROM json_each(?))`,
  )
    .pluck()
    .all(sessionId, JSON.stringify(moments)) as string[];
  return new Set(rows.map(Number));
}

/**
 * Forgets what `sessionId` was shown (after /clear or /compact the model no longer holds it)
 * and prunes every session's rows older than 30 days.
 */
export function resetInjected(db: Db, sessionId: string, now: number): void {
  stmt(db, 'DELETE FROM recall_injected WHERE session_id = ?').run(sessionId);
  stmt(db, 'DELETE FROM recall_injected WHERE at < ?').run(now - KEEP_MS);
}
