import { stmt, type Db } from '../statements.ts';

/** A recorded dead end a tool call matched: the observation, its title and the fix, if any. */
export interface DeadEndMatch {
  id: number;
  title: string;
  fix: string;
}

/** Records what a dead-end observation is recalled by (`cmd:<shape>`, `file:<path>`). */
export function writeDeadEndKeys(
  db: Db,
  observationId: number,
  project: string,
  keys: ReadonlyArray<{ key: string; fix: string }>,
): void {
  const insert = stmt(
    db,
    `INSERT OR IGNORE INTO dead_end_keys (project, key, observation_id, fix) VALUES (?, ?, ?, ?)`,
  );
  for (const { key, fix } of keys) insert.run(project, key, observationId, fix);
}

/**
 * The project's dead ends recorded under `key`, newest first, at most `limit`; one index range
 * and a primary-key read per hit, cheap enough for a PreToolUse hook of every Bash call.
 */
export function deadEndsFor(db: Db, project: string, key: string, limit: number): DeadEndMatch[] {
  return stmt(
    db,
    `SELECT k.observation_id AS id, o.title AS title, k.fix AS fix
       FROM dead_end_keys k JOIN observations o ON o.id = k.observation_id
      WHERE k.project = ? AND k.key = ? ORDER BY k.observation_id DESC LIMIT ?`,
  ).all(project, key, limit) as DeadEndMatch[];
}

/**
 * Claims the warning about dead end `id` for `sessionId`: true the first time only (the claim
 * is the insert, so two racing hooks cannot both warn). Rows older than 30 days are pruned.
 */
export function claimDeadEndWarning(db: Db, sessionId: string, id: number, at: number): boolean {
  stmt(db, 'DELETE FROM dead_end_warned WHERE at < ?').run(at - 30 * 24 * 3600 * 1000);
  return (
    stmt(
      db,
      'INSERT OR IGNORE INTO dead_end_warned (session_id, observation_id, at) VALUES (?, ?, ?)',
    ).run(sessionId, id, at).changes === 1
  );
}
