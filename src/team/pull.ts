import { applyPulledPage, teamProjects, type Db, type PulledRow } from '../store/index.ts';
import type { Queryable } from './watchdog.ts';

/** What one pull needs. */
export interface PullDeps {
  db: Db;
  client: Queryable;
  team: string;
  now: () => number;
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

/**
 * Pulls, for every local project with a team identity, the team's rows changed since its
 * cursor (the server's pull function shows only the rows of this role's team), a page at a time, each
 * page applied with its cursor in one local transaction. Returns how many rows changed here.
 */
export async function pullTeam(deps: PullDeps, pageSize = 1000): Promise<number> {
  let changed = 0;
  for (const project of teamProjects(deps.db)) {
    let cursor = project.pulled_seq;
    for (;;) {
      const { rows } = await deps.client.query<ServerRow>(PAGE, [
        deps.team,
        project.team_project,
        cursor,
        pageSize,
      ]);
      const pulled: PulledRow[] = rows.map((row) => ({ ...row, seq: Number(row.seq) }));
      const counts = applyPulledPage(deps.db, project.project, pulled, deps.now(), deps.me);
      changed += counts.inserted + counts.updated + counts.deleted;
      cursor = pulled.at(-1)?.seq ?? cursor;
      if (rows.length < pageSize) break;
    }
  }
  return changed;
}
