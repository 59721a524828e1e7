import type pg from 'pg';
import {
  applyPulledPage,
  teamProjects,
  TOO_LARGE,
  type Db,
  type PulledRow,
} from '../store/index.ts';

/** What one pull needs. */
export interface PullDeps {
  db: Db;
  client: pg.ClientBase;
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

/**
 * Bodies past MAX_BODY_BYTES come as their size only: a page of a thousand 20 MB rows (issue 30)
 * would otherwise be held whole in this process; the row door sets such a row aside.
 */
const MAX_BODY_BYTES = 2_000_000;

const PAGE = `
SELECT seq, global_id, kind, author, version, deleted, created_at,
  CASE WHEN octet_length(body::text) > ${MAX_BODY_BYTES}
    THEN jsonb_build_object('${TOO_LARGE}', octet_length(body::text)) ELSE body END AS body
FROM claude_mem.memories WHERE team = $1 AND project = $2 AND seq > $3 ORDER BY seq LIMIT $4`;

/**
 * Pulls, for every local project with a team identity, the team's rows changed since its
 * cursor (row-level security shows only the rows this role may read), a page at a time, each
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
