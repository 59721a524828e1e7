import { captureColumns } from '../capture/capture-columns.ts';
import { contentColumns } from '../memory/memory-columns.ts';
import { soundList } from '../row-door.ts';
import { stmt, type Db } from '../statements.ts';

/** The kinds of record an export holds, in the order they are written and must be imported. */
export const EXPORT_KINDS = ['session', 'prompt', 'observation', 'summary'] as const;

/** One of EXPORT_KINDS. */
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Which rows an export holds: of one project, and/or created at or after `since` (ms). */
export interface ExportFilter {
  project?: string | undefined;
  since?: number | undefined;
}

/** One exported row: its kind, its columns (lists parsed), its session's Claude Code id. */
export type ExportRecord = { kind: ExportKind; [column: string]: unknown };

const SINCE_CHILD = (table: string) =>
  `EXISTS (SELECT 1 FROM ${table} c WHERE c.session_id = s.id AND c.created_at >= @since)`;

/** Per kind: the rows after `@after` (keyset) under the filter, oldest id first. */
const PAGE_SQL: Record<ExportKind, string> = {
  // A session goes out when it or anything of it is in range: every record names its session.
  // A session's and a prompt's columns come from capture-columns.ts's lists (see contentSql).
  session: `SELECT {content}, s.id AS cursor
    FROM sessions s WHERE s.id > @after AND (@project IS NULL OR s.project = @project)
      AND (s.updated_at >= @since OR ${SINCE_CHILD('prompts')} OR ${SINCE_CHILD('observations')}
        OR ${SINCE_CHILD('summaries')})`,
  prompt: `SELECT {content}, p.id AS cursor
    FROM prompts p JOIN sessions s ON s.id = p.session_id`,
  // The content columns come from memory-columns.ts's one list (see contentSql).
  observation: `SELECT o.id, s.session_id, o.project, {content}, o.source_event_ids,
      (SELECT json_group_array(e.event_uid) FROM json_each(CASE WHEN json_valid(o.source_event_ids)
         THEN o.source_event_ids ELSE '[]' END) j JOIN events e ON e.id = j.value) AS source_event_uids,
      o.provider, o.model, o.tokens_in, o.tokens_out, o.content_hash, o.pinned, o.known, o.known_by,
      o.created_at, o.updated_at, o.id AS cursor
    FROM observations o LEFT JOIN sessions s ON s.id = o.session_id`,
  summary: `SELECT m.id, s.session_id, m.project, {content}, m.provider,
      m.model, m.tokens_in, m.tokens_out, m.created_at, m.id AS cursor
    FROM summaries m JOIN sessions s ON s.id = m.session_id`,
};

/**
 * The columns of `kind` in an export's SELECT, read from its one list at each call: the content
 * columns of memory-columns.ts, a session's or a prompt's of capture-columns.ts (a prompt names
 * its session by the session's Claude Code id).
 */
function contentSql(kind: ExportKind, alias: string): string {
  const columns =
    kind === 'observation' || kind === 'summary'
      ? contentColumns(kind).columns
      : captureColumns(kind === 'session' ? 'sessions' : 'prompts');
  return Object.keys(columns)
    .map((column) => (column === 'session_id' ? 's.session_id' : `${alias}.${column}`))
    .join(', ');
}

const ALIAS: Record<ExportKind, string> = {
  session: 's',
  prompt: 'p',
  observation: 'o',
  summary: 'm',
};

function pageSql(kind: ExportKind): string {
  const a = ALIAS[kind];
  const select = PAGE_SQL[kind].replace('{content}', contentSql(kind, a));
  if (kind === 'session') return `${select} ORDER BY s.id LIMIT @limit`;
  return `${select} WHERE ${a}.id > @after AND (@project IS NULL OR ${a}.project = @project)
    AND ${a}.created_at >= @since ORDER BY ${a}.id LIMIT @limit`;
}

const LIST_COLUMNS = ['source_event_ids', 'source_event_uids'];

// Content lists go out as the row door reads them (a row stored before it may hold a bare
// string or numbers): what an export holds, an import takes.
const isContentList = (kind: ExportKind, column: string): boolean =>
  (kind === 'observation' || kind === 'summary') && contentColumns(kind).columns[column] === 'list';

function toRecord(kind: ExportKind, row: Record<string, unknown>): ExportRecord {
  const record: ExportRecord = { kind };
  for (const [column, value] of Object.entries(row)) {
    if (column === 'cursor') continue;
    if (isContentList(kind, column)) record[column] = soundList(value);
    else record[column] = LIST_COLUMNS.includes(column) ? parseList(value) : value;
  }
  if (kind === 'observation') record.pinned = row.pinned === 1;
  return record;
}

function parseList(value: unknown): unknown[] {
  try {
    const parsed: unknown = JSON.parse(String(value));
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/**
 * One page of an export: up to `limit` records of `kind` after row id `after`, and the cursor
 * of the next page (undefined at the end). Keyset paging keeps each page one short read, so an
 * export of any size never holds the database or the event loop for long.
 */
export function exportPage(
  db: Db,
  kind: ExportKind,
  filter: ExportFilter,
  after: number,
  limit = 500,
): { records: ExportRecord[]; next: number | undefined } {
  const rows = stmt(db, pageSql(kind)).all({
    after,
    limit,
    project: filter.project ?? null,
    since: filter.since ?? Number.MIN_SAFE_INTEGER,
  }) as Array<Record<string, unknown> & { cursor: number }>;
  const last = rows.at(-1);
  return {
    records: rows.map((row) => toRecord(kind, row)),
    next: rows.length === limit && last ? last.cursor : undefined,
  };
}
