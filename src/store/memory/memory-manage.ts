import type { FailedEvent, Project } from '../../domain/viewer-api.ts';
import { throughDoor } from '../privacy-door.ts';
import { ROW_LIMITS, soundList, soundText } from '../row-door.ts';
import { stmt, type Db } from '../statements.ts';
import { assertOwnMemories } from '../team/team-ownership.ts';

/** The fields of an observation a person may edit; absent ones stay as they are. */
export interface ObservationPatch {
  title?: string | undefined;
  narrative?: string | undefined;
  facts?: readonly string[] | undefined;
}

/** An edit through the row door: the same sizes and clean text as any other stored row. */
function soundPatch(patch: ObservationPatch): ObservationPatch {
  return {
    title: patch.title === undefined ? undefined : soundText(patch.title, ROW_LIMITS.title),
    narrative:
      patch.narrative === undefined ? undefined : soundText(patch.narrative, ROW_LIMITS.body),
    facts: patch.facts === undefined ? undefined : soundList(patch.facts),
  };
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
  const clean = throughDoor(soundPatch(patch), { text: ['title', 'narrative', 'facts'] });
  return (
    stmt(
      db,
      `UPDATE observations SET title = COALESCE(@title, title),
         narrative = COALESCE(@narrative, narrative), facts = COALESCE(@facts, facts),
         updated_at = @at WHERE id = @id`,
    ).run({
      id,
      at,
      title: clean.title ?? null,
      narrative: clean.narrative ?? null,
      facts: clean.facts === undefined ? null : JSON.stringify(clean.facts),
    }).changes === 1
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
