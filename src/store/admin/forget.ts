import { changeOrPreview } from './dry-run.ts';
import { deleteObservations } from '../memory/memory-edit.ts';
import { stmt, type Db } from '../statements.ts';
import { assertOwnMemories } from '../team/team-ownership.ts';

/**
 * What to forget: items by id (observations also take the tool events they were made from), or
 * everything captured in a project and/or a time range (created_at within [since, until]).
 */
export type ForgetSelection =
  | { kind: 'ids'; observations: number[]; summaries: number[]; prompts: number[] }
  | {
      kind: 'scope';
      project?: string | undefined;
      since?: number | undefined;
      until?: number | undefined;
    };

/** Rows removed (or, on a dry run, that would be), per table. */
export interface ForgetCounts {
  observations: number;
  summaries: number;
  prompts: number;
  events: number;
  turns: number;
  sessions: number;
}

/** The ids a selection resolves to. */
interface Targets {
  observations: number[];
  summaries: number[];
  prompts: number[];
  events: number[];
  turns: number[];
  /** Sessions whose rows are touched: emptied ones may go, the rest get their title refreshed. */
  touched: number[];
}

const json = (ids: readonly number[]): string => JSON.stringify(ids);
const ids = (db: Db, sql: string, params: unknown): number[] =>
  stmt(db, sql).pluck().all(params) as number[];

function idTargets(db: Db, sel: Extract<ForgetSelection, { kind: 'ids' }>): Targets {
  const observations = ids(
    db,
    'SELECT id FROM observations WHERE id IN (SELECT value FROM json_each(?))',
    json(sel.observations),
  );
  const events = ids(
    db,
    `SELECT DISTINCT e.id FROM observations o, json_each(CASE WHEN json_valid(o.source_event_ids)
       THEN o.source_event_ids ELSE '[]' END) s JOIN events e ON e.id = s.value
     WHERE o.id IN (SELECT value FROM json_each(?))`,
    json(observations),
  );
  const summaries = ids(
    db,
    'SELECT id FROM summaries WHERE id IN (SELECT value FROM json_each(?))',
    json(sel.summaries),
  );
  const prompts = ids(
    db,
    'SELECT id FROM prompts WHERE id IN (SELECT value FROM json_each(?))',
    json(sel.prompts),
  );
  return { observations, summaries, prompts, events, turns: [], touched: [] };
}

const SCOPE = `(@project IS NULL OR project = @project) AND created_at >= @since AND created_at <= @until`;

function scopeTargets(db: Db, sel: Extract<ForgetSelection, { kind: 'scope' }>): Targets {
  const params = {
    project: sel.project ?? null,
    since: sel.since ?? Number.MIN_SAFE_INTEGER,
    until: sel.until ?? Number.MAX_SAFE_INTEGER,
  };
  const turnScope = `created_at >= @since AND created_at <= @until AND (@project IS NULL
    OR session_id IN (SELECT id FROM sessions WHERE project = @project))`;
  return {
    observations: ids(db, `SELECT id FROM observations WHERE ${SCOPE}`, params),
    summaries: ids(db, `SELECT id FROM summaries WHERE ${SCOPE}`, params),
    prompts: ids(db, `SELECT id FROM prompts WHERE ${SCOPE}`, params),
    events: ids(db, `SELECT id FROM events WHERE ${SCOPE}`, params),
    turns: ids(db, `SELECT id FROM turns WHERE ${turnScope}`, params),
    touched: [],
  };
}

const TABLES = ['observations', 'summaries', 'prompts', 'events', 'turns'] as const;

function touchedSessions(db: Db, targets: Targets): number[] {
  const found = new Set<number>();
  for (const table of TABLES) {
    const rows = ids(
      db,
      `SELECT DISTINCT session_id FROM ${table} WHERE session_id IS NOT NULL
         AND id IN (SELECT value FROM json_each(?))`,
      json(targets[table]),
    );
    rows.forEach((id) => found.add(id));
  }
  return [...found];
}

const EMPTY_SESSION = `NOT EXISTS (SELECT 1 FROM prompts WHERE session_id = sessions.id)
  AND NOT EXISTS (SELECT 1 FROM events WHERE session_id = sessions.id)
  AND NOT EXISTS (SELECT 1 FROM turns WHERE session_id = sessions.id)
  AND NOT EXISTS (SELECT 1 FROM observations WHERE session_id = sessions.id)
  AND NOT EXISTS (SELECT 1 FROM summaries WHERE session_id = sessions.id)`;

/**
 * After the rows are gone: a touched session with nothing left is deleted (when `dropEmpty`),
 * the others take the text of their first remaining prompt as title, since the title was the
 * first prompt's text and must not outlive it.
 */
function settleSessions(db: Db, touched: number[], dropEmpty: boolean): number {
  const list = json(touched);
  const dropped = dropEmpty
    ? stmt(
        db,
        `DELETE FROM sessions WHERE id IN (SELECT value FROM json_each(?)) AND ${EMPTY_SESSION}`,
      ).run(list).changes
    : 0;
  stmt(
    db,
    `UPDATE sessions SET title = (SELECT substr(p.text, 1, 120) FROM prompts p
       WHERE p.session_id = sessions.id ORDER BY p.prompt_number, p.id LIMIT 1)
     WHERE id IN (SELECT value FROM json_each(?))`,
  ).run(list);
  return dropped;
}

function remove(db: Db, targets: Targets, dropEmpty: boolean): number {
  deleteObservations(db, targets.observations);
  for (const table of ['summaries', 'prompts', 'events', 'turns'] as const) {
    stmt(db, `DELETE FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`).run(
      json(targets[table]),
    );
  }
  return settleSessions(db, targets.touched, dropEmpty);
}

/**
 * Forgets what `selection` names: the rows, their full-text index entries (triggers) and their
 * vectors (recall_vectors cascades; the caller sweeps the KNN table). A scope selection also
 * deletes the sessions it leaves empty. One transaction; `dryRun` counts the same and rolls back.
 */
export function forget(db: Db, selection: ForgetSelection, dryRun = false): ForgetCounts {
  if (selection.kind === 'ids') {
    // A teammate's memory is theirs to forget; a purge or a time range still clears local copies.
    assertOwnMemories(db, 'observation', selection.observations);
    assertOwnMemories(db, 'summary', selection.summaries);
  }
  return changeOrPreview(db, dryRun, () => {
    const targets =
      selection.kind === 'ids' ? idTargets(db, selection) : scopeTargets(db, selection);
    targets.touched = touchedSessions(db, targets);
    return {
      observations: targets.observations.length,
      summaries: targets.summaries.length,
      prompts: targets.prompts.length,
      events: targets.events.length,
      turns: targets.turns.length,
      sessions: remove(db, targets, selection.kind === 'scope'),
    };
  });
}

/** Titles of the first `limit` observations a selection holds, for the confirmation. */
export function forgetSample(
  db: Db,
  selection: ForgetSelection,
  limit = 10,
): Array<{ id: number; title: string; project: string }> {
  const where = selection.kind === 'ids' ? 'id IN (SELECT value FROM json_each(@ids))' : SCOPE;
  const params =
    selection.kind === 'ids'
      ? { ids: json(selection.observations) }
      : {
          project: selection.project ?? null,
          since: selection.since ?? Number.MIN_SAFE_INTEGER,
          until: selection.until ?? Number.MAX_SAFE_INTEGER,
        };
  return stmt(
    db,
    `SELECT id, title, project FROM observations WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT @limit`,
  ).all({ ...params, limit }) as Array<{ id: number; title: string; project: string }>;
}

/** Rows of a project, per table (sessions included): what purge removes. */
export function projectCounts(db: Db, project: string): ForgetCounts {
  const inProject = 'session_id IN (SELECT id FROM sessions WHERE project = @project)';
  const count = (table: string, where = `project = @project OR ${inProject}`) =>
    stmt(db, `SELECT COUNT(*) FROM ${table} WHERE ${where}`).pluck().get({ project }) as number;
  return {
    observations: count('observations'),
    summaries: count('summaries'),
    prompts: count('prompts'),
    events: count('events'),
    turns: count('turns', inProject),
    sessions: count('sessions', 'project = @project'),
  };
}

/**
 * Deletes everything of a project: its sessions (prompts, events, turn ends, observations and
 * summaries cascade) and any row filed under the project outside them (memories saved without
 * a session). Returns what was there.
 */
export function purgeProject(db: Db, project: string, dryRun = false): ForgetCounts {
  return changeOrPreview(db, dryRun, () => {
    const counts = projectCounts(db, project);
    for (const table of ['observations', 'summaries', 'prompts', 'events', 'sessions']) {
      stmt(db, `DELETE FROM ${table} WHERE project = ?`).run(project);
    }
    return counts;
  });
}
