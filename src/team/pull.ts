import type pg from 'pg';
import { applyPulledPage, teamProjects, type Db, type PulledRow } from '../store/index.ts';

/** What one pull needs. */
export interface PullDeps {
  db: Db;
  client: pg.ClientBase;
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

const PAGE = `
SELECT seq, global_id, kind, author, version, deleted, created_at, body
FROM claude_mem.memories WHERE team = $1 AND project = $2 AND seq > $3 ORDER BY seq LIMIT $4`;

/**
 * Rows a page: each page is one local transaction, which holds the write lock and (better-sqlite3
 * being synchronous) the worker's event loop while it runs; at 1,000 a page a 50,000-row pull
 * made SessionStart wait seconds behind it (issue 30). Between pages, `beforePage` lets the
 * hook requests that arrived be answered first.
 */
export const PULL_PAGE = 100;

/**
 * Pulls, for every local project with a team identity, the team's rows changed since its
 * cursor (row-level security shows only the rows this role may read), a page at a time, each
 * page applied with its cursor in one local transaction. Returns how many rows changed here.
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
      await deps.beforePage?.();
      const counts = applyPulledPage(deps.db, project.project, pulled, deps.now(), deps.me);
      changed += counts.inserted + counts.updated + counts.deleted;
      cursor = pulled.at(-1)?.seq ?? cursor;
      if (rows.length < pageSize) break;
    }
  }
  return changed;
}
