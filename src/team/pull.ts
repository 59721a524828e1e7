import { applyPulledPage, teamProjects, type Db, type PulledRow } from '../store/index.ts';
import type { Queryable } from './watchdog.ts';

/** What one pull needs. */
export interface PullDeps {
  db: Db;
  client: Queryable;
  team: string;
  now: () => number;
  /** Awaited before each page is written: lets hook requests pass first (the worker's). */
  beforePage?: () => Promise<void>;
  /** Only this local project (a first pull); default: every project with a team identity. */
  only?: string | undefined;
  /** This machine's server role: rows it authored are the user's own (shared from another machine). */
  me?: string | null;
}

interface ServerRow {
  seq: string;
  global_id: string;
  kind: PulledRow['kind'];
  author: string;
  version: number;
  deleted: boolean;
  created_at: string;
  body: Record<string, unknown>;
}

// The schema owner's function (server-functions.ts): it checks that session_user is a member,
// and sends a body past 2 MB as its size only (TOO_LARGE in team-pulled.ts), which the row door
// sets aside.
const PAGE = `SELECT * FROM claude_mem.pull($1, $2, $3, $4)`;

/** Rows fetched from the server at once. */
export const PULL_PAGE = 200;

/**
 * Rows written in one local transaction: a write holds the write lock and (better-sqlite3 being
 * synchronous) the worker's event loop; at 1,000 a transaction a 50,000-row pull made
 * SessionStart wait seconds behind it (issue 30). Before each slice, `beforePage` lets the hook
 * requests that arrived be answered first, so one waits for at most one slice (~25 ms idle).
 */
export const PULL_SLICE = 25;

/** `rows` in slices of PULL_SLICE; one empty slice when there are none (the pull is recorded). */
function slices<T>(rows: readonly T[]): T[][] {
  if (rows.length === 0) return [[]];
  return Array.from({ length: Math.ceil(rows.length / PULL_SLICE) }, (_, i) =>
    rows.slice(i * PULL_SLICE, (i + 1) * PULL_SLICE),
  );
}

/**
 * Pulls, for every local project with a team identity, the team's rows changed since its
 * cursor (the server's pull function shows only the rows of this role's team), a page at a time, each
 * slice of a page applied with its cursor in one local transaction (a pull cut short resumes
 * after the last slice written). Returns how many rows changed here.
 */
export async function pullTeam(deps: PullDeps, pageSize = PULL_PAGE): Promise<number> {
  let changed = 0;
  const projects = teamProjects(deps.db).filter(
    (row) => deps.only === undefined || row.project === deps.only,
  );
  for (const project of projects) {
    let cursor = project.pulled_seq;
    for (;;) {
      const { rows } = await deps.client.query<ServerRow>(PAGE, [
        deps.team,
        project.team_project,
        cursor,
        pageSize,
      ]);
      const pulled: PulledRow[] = rows.map((row) => ({ ...row, seq: Number(row.seq) }));
      for (const slice of slices(pulled)) {
        await deps.beforePage?.();
        const counts = applyPulledPage(deps.db, project.project, slice, deps.now(), deps.me);
        changed += counts.inserted + counts.updated + counts.deleted;
      }
      cursor = pulled.at(-1)?.seq ?? cursor;
      if (rows.length < pageSize) break;
    }
  }
  return changed;
}
