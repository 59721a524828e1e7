import { stmt, type Db } from '../statements.ts';
import { detailCharsSql } from '../../domain/index.ts';

/** What one line of the SessionStart index needs about an observation. */
export interface IndexEntry {
  id: number;
  session_row_id: number | null;
  type: string;
  title: string;
  pinned: number;
  created_at: number;
  /** A teammate's name when the memory was pulled from the team; null for this machine's own. */
  author?: string | null | undefined;
  /** Characters of everything `get_observations` would add: subtitle, narrative, facts, ... */
  detail_chars: number;
  /** The coding agent that made it (migration 012). */
  agent?: string;
  /** `hypothesis`, `verified`, or null when stored before migration 018. */
  known?: string | null;
}

type EntryRow = [
  number,
  number | null,
  string,
  string,
  number,
  number,
  string | null,
  string,
  number,
  string | null,
];

const COLUMNS = `id, session_id AS session_row_id, type, title, pinned, created_at, author, agent,
  ${detailCharsSql()} AS detail_chars, known`;

/** Which observations of a project to list. */
export interface IndexQuery {
  project: string;
  /** Only observations created after this time (ms). */
  since?: number | undefined;
  /** Only observations made by this coding agent. */
  agent?: string | undefined;
  limit: number;
}

/** The observations after `since` (and of one agent) matching `where`, newest first. */
const newestSql = (where: string, limit: string): string =>
  `SELECT ${COLUMNS} FROM observations
     WHERE project = @project${where} AND created_at > @since AND (@agent IS NULL OR agent = @agent)
       AND (superseded_by IS NULL OR pinned = 1)
     ORDER BY created_at DESC, id DESC LIMIT ${limit}`;

// One's own newest come by their own index (migration 016): a teammate who shared 10,000 newer
// rows filled every candidate of the newest, and the index listed 3 of 60 of one's own.
const INDEX_ENTRIES_SQL = `SELECT * FROM (${newestSql(' AND pinned = 1', '@pinned')})
  UNION ALL SELECT * FROM (${newestSql(' AND author IS NULL', '@limit')})
  UNION ALL SELECT * FROM (${newestSql('', '@limit')})`;

/** One row, read as an array, made into an entry. */
const toEntry = ([
  id,
  session,
  type,
  title,
  pinned,
  createdAt,
  author,
  agent,
  detail,
  known,
]: EntryRow) => ({
  id,
  session_row_id: session,
  type,
  title,
  pinned,
  created_at: createdAt,
  author,
  agent,
  detail_chars: detail,
  known,
});

/**
 * What the SessionStart index chooses from, in one statement: the project's pinned
 * observations (up to `pinnedLimit`, newest first), then its newest own ones (written on this
 * machine), then its newest of anyone's, each not among those before. A superseded one (issue
 * 34) is left out unless pinned: the newer memory on its subject says what is true now.
 */
export function indexEntries(db: Db, query: IndexQuery, pinnedLimit: number): IndexEntry[] {
  // better-sqlite3 builds an object a row key by key, which cost more than the query itself
  // (bench/search-latency.ts, context): arrays, and objects of one shape made here.
  const rows = stmt(db, INDEX_ENTRIES_SQL)
    .raw(true)
    .all({
      project: query.project,
      since: query.since ?? -1,
      agent: query.agent ?? null,
      limit: query.limit,
      pinned: pinnedLimit,
    }) as EntryRow[];
  // A pinned one among the newest comes twice: kept where it comes first, with the pinned.
  const seen = new Set<number>();
  return rows.map(toEntry).filter((entry) => !seen.has(entry.id) && seen.add(entry.id));
}

/**
 * How many observations a project has (all of them: one row of the per-project counts; or those
 * after `since` or of one agent, counted by index).
 */
export function countObservations(db: Db, project: string, since?: number, agent?: string): number {
  if (since === undefined && agent === undefined) {
    return (stmt(db, 'SELECT n FROM observation_counts WHERE project = ?').pluck().get(project) ??
      0) as number;
  }
  // Two statements, not `(? IS NULL OR agent = ?)`: the planner cannot see through that test,
  // and the count without an agent must stay on the covering (project, created_at) index.
  if (agent === undefined) {
    return stmt(db, 'SELECT COUNT(*) FROM observations WHERE project = ? AND created_at > ?')
      .pluck()
      .get(project, since ?? -1) as number;
  }
  return stmt(
    db,
    'SELECT COUNT(*) FROM observations WHERE project = ? AND created_at > ? AND agent = ?',
  )
    .pluck()
    .get(project, since ?? -1, agent) as number;
}

/**
 * A cheap mark that changes whenever observations are added, deleted or edited (count, newest
 * id, newest update), read from indexes and the per-project counts only (a COUNT(*) of the
 * table would read a million index entries every time the embedder polls).
 */
export function observationsMark(db: Db): string {
  const row = stmt(
    db,
    `SELECT (SELECT SUM(n) FROM observation_counts) AS n, MAX(id) AS id,
       MAX(updated_at) AS updated FROM observations`,
  ).get() as { n: number | null; id: number | null; updated: number | null };
  return `${row.n ?? 0}:${row.id ?? 0}:${row.updated ?? 0}`;
}
