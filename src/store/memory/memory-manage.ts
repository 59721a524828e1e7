import type { FailedEvent, Project } from '../../domain/viewer-api.ts';
import { soundPresent } from '../row-door.ts';
import { stmt, type Db } from '../statements.ts';
import { assertOwnMemories } from '../team/team-ownership.ts';
import { contentValues } from './memory-columns.ts';

/**
 * The content columns a person may edit. Only these are taken from a patch: the route's schema
 * lets unknown keys through, and they must not reach other columns.
 */
export const EDITABLE_COLUMNS: readonly string[] = ['title', 'narrative', 'facts'];

/** The fields of an observation a person may edit; absent ones stay as they are. */
export interface ObservationPatch {
  title?: string | undefined;
  narrative?: string | undefined;
  facts?: readonly string[] | undefined;
}

/**
 * Edits an observation's title, narrative and facts (the full-text index follows by trigger,
 * embeddings by the changed `updated_at`). False when it does not exist; a teammate's memory
 * throws ReadOnlyMemoryError.
 */
export function updateObservation(
  db: Db,
  id: number,
  patch: ObservationPatch,
  at: number,
): boolean {
  assertOwnMemories(db, 'observation', [id]);
  // Through the row door and the one mapper; a field the patch lacks is not in the statement.
  const source = patch as Record<string, unknown>;
  const editable = Object.fromEntries(EDITABLE_COLUMNS.map((column) => [column, source[column]]));
  const values = contentValues('observation', soundPresent('observation', editable));
  const sets = Object.keys(values).map((column) => `${column} = @${column}`);
  return (
    stmt(
      db,
      `UPDATE observations SET ${[...sets, 'updated_at = @at'].join(', ')} WHERE id = @id`,
    ).run({ ...values, id, at }).changes === 1
  );
}

/** Counts for the viewer's header. */
export interface MemoryCounts {
  observations: number;
  summaries: number;
  prompts: number;
  sessions: number;
  projects: number;
}

/** How much is stored. */
export function memoryCounts(db: Db): MemoryCounts {
  return stmt(
    db,
    `SELECT (SELECT COUNT(*) FROM observations) AS observations,
       (SELECT COUNT(*) FROM summaries) AS summaries,
       (SELECT COUNT(*) FROM prompts) AS prompts,
       (SELECT COUNT(*) FROM sessions) AS sessions,
       (SELECT COUNT(*) FROM (SELECT project FROM sessions UNION SELECT project FROM observations))
         AS projects`,
  ).get() as MemoryCounts;
}

/** A project and how much it holds. */
export type ProjectSummary = Project;

/** Every project (from sessions and from explicit memories), most recently active first. */
export function listProjects(db: Db): ProjectSummary[] {
  return stmt(
    db,
    `SELECT name, SUM(s) AS sessions, SUM(o) AS observations, MAX(at) AS last_at FROM (
       SELECT project AS name, COUNT(*) AS s, 0 AS o, MAX(updated_at) AS at
         FROM sessions GROUP BY project
       UNION ALL
       SELECT project, 0, COUNT(*), MAX(created_at) FROM observations GROUP BY project)
     GROUP BY name ORDER BY last_at DESC, name`,
  ).all() as ProjectSummary[];
}

export type { FailedEvent };

/** Failed tool events, most recently failed first. */
export function listFailedEvents(db: Db, limit: number): FailedEvent[] {
  return stmt(
    db,
    `SELECT e.id, s.session_id, e.project, e.prompt_number, e.tool_name, e.attempts, e.reason,
       e.created_at, e.updated_at
     FROM events e JOIN sessions s ON s.id = e.session_id
     WHERE e.state = 'failed' ORDER BY e.updated_at DESC, e.id DESC LIMIT ?`,
  ).all(limit) as FailedEvent[];
}

/** Tool events waiting for compression and failed ones: the processing indicator. */
export function queueCounts(db: Db): { pending: number; failed: number } {
  return stmt(
    db,
    `SELECT (SELECT COUNT(*) FROM events WHERE state = 'pending') AS pending,
       (SELECT COUNT(*) FROM events WHERE state = 'failed') AS failed`,
  ).get() as { pending: number; failed: number };
}
