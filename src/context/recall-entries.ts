import { basename } from 'node:path';
import { filterSql } from '../search/index.ts';
import { stmt, type Db } from '../store/index.ts';
import type { RecallEntry } from './recall-lines.ts';

const COLUMNS = `o.id AS id, o.type AS type, o.title AS title, o.pinned AS pinned,
  o.created_at AS created_at, length(o.subtitle) + length(o.narrative) + length(o.facts)
    + length(o.concepts) + length(o.files_read) + length(o.files_modified) AS detail_chars`;

/** Observations made in the asking session are the model's own recent work: never recalled. */
const NOT_OWN_SESSION = `(o.session_id IS NULL OR o.session_id IS NOT
  (SELECT id FROM sessions WHERE session_id = @sessionId))`;

/** The entries of `ids` in `project`, not of `sessionId` itself, in the order of `ids`. */
export function entriesOf(
  db: Db,
  ids: readonly number[],
  project: string,
  sessionId: string,
): RecallEntry[] {
  const rows = stmt(
    db,
    `SELECT ${COLUMNS} FROM observations o WHERE o.id IN (SELECT value FROM json_each(@ids))
       AND o.project = @project AND ${NOT_OWN_SESSION}`,
  ).all({ ids: JSON.stringify(ids), project, sessionId }) as RecallEntry[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The newest observations of `project` that read or modified `file` (pinned first), leaving
 * out `exclude` and the asking session's own.
 */
export function fileEntries(
  db: Db,
  query: { project: string; file: string; root?: string | undefined; sessionId: string },
  exclude: ReadonlySet<number>,
  limit: number,
): RecallEntry[] {
  const where = filterSql({ project: query.project, files: [query.file] }, query.root);
  // Candidates by file name through its index (migration 013), then the exact path test on
  // those few rows only: reading every observation row cost 50 ms at 10k.
  const rows = stmt(
    db,
    `SELECT ${COLUMNS} FROM observations o
     WHERE o.id IN (SELECT observation_id FROM observation_file_names WHERE name = @name)
       AND ${where.sql} AND ${NOT_OWN_SESSION}
     ORDER BY o.pinned DESC, o.created_at DESC, o.id DESC LIMIT @limit`,
  ).all({
    ...where.params,
    name: basename(query.file),
    sessionId: query.sessionId,
    limit: limit + exclude.size,
  }) as RecallEntry[];
  return rows.filter((row) => !exclude.has(row.id)).slice(0, limit);
}
