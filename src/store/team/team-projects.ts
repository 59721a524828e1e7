import { stmt, type Db } from '../statements.ts';
import { RowRefusedError } from '../row-door.ts';
import { setAside } from './set-aside.ts';
import { applyPulled, type PulledRow, type PullOutcome } from './team-pulled.ts';

/** A local project's team identity, pull cursor and last sync times. */
export interface TeamProjectRow {
  project: string;
  team_project: string;
  pulled_seq: number;
  last_push_at: number | null;
  last_pull_at: number | null;
  last_error: string | null;
}

/** Every local project with a team identity. */
export function teamProjects(db: Db): TeamProjectRow[] {
  return stmt(db, 'SELECT * FROM team_projects ORDER BY project').all() as TeamProjectRow[];
}

/** Local projects (from their own sessions) with the newest root each was seen at. */
export function localProjects(db: Db): { project: string; root: string }[] {
  return stmt(
    db,
    `SELECT project, project_root AS root FROM sessions s WHERE source IS NOT 'team'
       AND started_at = (SELECT max(started_at) FROM sessions t
                         WHERE t.project = s.project AND t.source IS NOT 'team')
     GROUP BY project`,
  ).all() as { project: string; root: string }[];
}

/** Records `project`'s team identity; a changed identity starts its pull from the beginning. */
export function setTeamProject(db: Db, project: string, teamProject: string): void {
  stmt(
    db,
    `INSERT INTO team_projects (project, team_project) VALUES (?, ?)
     ON CONFLICT (project) DO UPDATE SET team_project = excluded.team_project,
       pulled_seq = CASE WHEN team_project = excluded.team_project THEN pulled_seq ELSE 0 END`,
  ).run(project, teamProject);
}

/** Notes a push of `project`'s rows (or its failure: `error`). */
export function recordPush(db: Db, project: string, at: number, error?: string): void {
  stmt(
    db,
    `UPDATE team_projects SET last_push_at = CASE WHEN @error IS NULL THEN @at ELSE last_push_at END,
       last_error = @error WHERE project = @project`,
  ).run({ project, at, error: error ?? null });
}

/** What applying a page did: per outcome, and rows set aside. */
export type PullCounts = Record<PullOutcome | 'setAside', number>;

function setAsidePulled(db: Db, project: string, row: PulledRow, error: unknown, at: number) {
  const reason =
    error instanceof RowRefusedError
      ? error.message
      : `could not be stored: ${error instanceof Error ? error.message : String(error)}`;
  setAside(db, {
    source: 'pull',
    project,
    kind: String(row.kind).slice(0, 40),
    ref: String(row.global_id).slice(0, 100),
    author: typeof row.author === 'string' ? row.author.slice(0, 100) : null,
    reason: `seq ${row.seq}: ${reason}`,
    at,
  });
}

/**
 * Applies a page of pulled rows and moves the project's cursor past them, in one transaction:
 * a pull cut short is redone from the same cursor, and applying a row twice changes nothing.
 * Each row is applied in its own savepoint: one that cannot be made sound or stored is set
 * aside with its reason and the rest of the page goes on, so a pull always advances (issue 30:
 * one colliding summary once held a teammate's cursor for good). `me` is this machine's role.
 */
export function applyPulledPage(
  db: Db,
  project: string,
  rows: readonly PulledRow[],
  at: number,
  me?: string | null,
): PullCounts {
  const counts: PullCounts = { inserted: 0, updated: 0, deleted: 0, unchanged: 0, setAside: 0 };
  const one = db.transaction((row: PulledRow) => applyPulled(db, project, row, at, me));
  db.transaction(() => {
    for (const row of rows) {
      try {
        counts[one(row)] += 1;
      } catch (error) {
        setAsidePulled(db, project, row, error, at);
        counts.setAside += 1;
      }
    }
    const last = rows.at(-1)?.seq;
    stmt(
      db,
      `UPDATE team_projects SET pulled_seq = max(pulled_seq, COALESCE(?, pulled_seq)),
         last_pull_at = ?, last_error = NULL WHERE project = ?`,
    ).run(last ?? null, at, project);
  })();
  return counts;
}

/** How many teammates' memories (pulled observations and summaries) `project` holds here. */
export function countTeamRows(db: Db, project: string): number {
  return stmt(
    db,
    `SELECT (SELECT count(*) FROM observations WHERE project = @project AND author IS NOT NULL)
       + (SELECT count(*) FROM summaries WHERE project = @project AND author IS NOT NULL)`,
  )
    .pluck()
    .get({ project }) as number;
}
