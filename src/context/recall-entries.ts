import { basename } from 'node:path';
import { detailCharsSql } from '../domain/index.ts';
import { filterSql } from '../search/index.ts';
import { stmt, type Db } from '../store/index.ts';
import type { RecallEntry } from './recall-lines.ts';

const COLUMNS = `o.id AS id, o.type AS type, o.title AS title, o.pinned AS pinned,
  o.created_at AS created_at, o.author AS author, ${detailCharsSql('o.')} AS detail_chars,
  o.superseded_by AS superseded_by, o.known AS known`;

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
 * The newest observations of `project` that read or modified `file`: pinned first, then this
 * machine's own, then teammates', leaving out `exclude` and the asking session's own.
 */
export function fileEntries(
  db: Db,
  query: { project: string; file: string; root?: string | undefined; sessionId: string },
  exclude: ReadonlySet<number>,
  limit: number,
): RecallEntry[] {
  const where = filterSql({ project: query.project, files: [query.file] }, query.root);
  const params = {
    ...where.params,
    name: basename(query.file),
    sessionId: query.sessionId,
    limit: limit + exclude.size,
  };
  // Candidates by file name through its index (migration 013), the exact path test on each.
  // The pinned ones come by the pinned index. The rest are walked newest first in the name's
  // index order and the walk stops at the limit: a common name (`index.ts`) names tens of
  // thousands of observations at a million, and sorting them all took 43 ms for 19,000 at 200k.
  const pinned = stmt(
    db,
    `SELECT ${COLUMNS} FROM observations o
     WHERE o.pinned = 1
       AND EXISTS (SELECT 1 FROM observation_file_names n
         WHERE n.name = @name AND n.observation_id = o.id)
       AND ${where.sql} AND ${NOT_OWN_SESSION}
     ORDER BY o.created_at DESC, o.id DESC LIMIT @limit`,
  ).all(params) as RecallEntry[];
  // One's own before teammates' (issue 30): a teammate's many newer rows naming the file would
  // otherwise fill every candidate; the walk for one's own skips theirs.
  const newest = (who: string): RecallEntry[] =>
    stmt(
      db,
      `SELECT ${COLUMNS} FROM observation_file_names n CROSS JOIN observations o
         ON o.id = n.observation_id
       WHERE n.name = @name AND ${where.sql} AND ${NOT_OWN_SESSION}${who}
       ORDER BY n.observation_id DESC LIMIT @limit`,
    ).all(params) as RecallEntry[];
  const seen = new Set<number>();
  return [...pinned, ...newest(' AND o.author IS NULL'), ...newest('')]
    .filter((row) => !exclude.has(row.id) && !seen.has(row.id) && seen.add(row.id))
    .slice(0, limit);
}
