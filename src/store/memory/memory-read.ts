import type { ObservationRow, SummaryRow } from './memory-types.ts';
import type { SessionRow } from '../capture/sessions.ts';
import { stmt, type Db } from '../statements.ts';
import { detailCharsSql } from '../../domain/index.ts';

/** An observation with its list fields parsed and its session's Claude Code id. */
export interface ObservationRecord extends Omit<
  ObservationRow,
  'facts' | 'concepts' | 'files_read' | 'files_modified' | 'source_event_ids' | 'session_id'
> {
  session_id: string | null;
  facts: string[];
  concepts: string[];
  files_read: string[];
  files_modified: string[];
  source_event_ids: unknown[];
}

/** A list column (JSON array text) as strings; anything else is an empty list. */
export function jsonList(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

const list = jsonList;

type JoinedRow = Omit<ObservationRow, 'session_id'> & { session_id: string | null };

function toRecord(row: JoinedRow): ObservationRecord {
  let sources: unknown[] = [];
  try {
    const parsed: unknown = JSON.parse(row.source_event_ids);
    if (Array.isArray(parsed)) sources = parsed;
  } catch {
    // A malformed provenance list is shown as empty rather than failing the read.
  }
  return {
    ...row,
    facts: list(row.facts),
    concepts: list(row.concepts),
    files_read: list(row.files_read),
    files_modified: list(row.files_modified),
    source_event_ids: sources,
  };
}

/** Full observations by id, in the order asked; unknown ids are left out. */
export function getObservations(db: Db, ids: readonly number[]): ObservationRecord[] {
  if (ids.length === 0) return [];
  const rows = stmt(
    db,
    `SELECT o.*, s.session_id AS session_id FROM observations o
     LEFT JOIN sessions s ON s.id = o.session_id
     WHERE o.id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ids)) as JoinedRow[];
  const byId = new Map(rows.map((row) => [row.id, toRecord(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** What one line of a search answer shows of an observation: no details, their size instead. */
export interface SearchLineRow {
  id: number;
  created_at: number;
  type: string;
  title: string;
  subtitle: string;
  project: string;
  session_id: string | null;
  pinned: number;
  scope: string;
  author: string | null;
  detail_chars: number;
  /** Issue 34: how it is known and what superseded it. */
  known: 'hypothesis' | 'verified' | null;
  superseded_by: number | null;
  superseded_at: number | null;
}

/**
 * The lines of a search answer by id, in the order asked. Reads only the columns a line shows
 * (the details' size is counted in SQL): loading and parsing whole rows was a fifth of an HTTP
 * search at 10,000 observations (issue 33).
 */
export function getSearchLines(db: Db, ids: readonly number[]): SearchLineRow[] {
  if (ids.length === 0) return [];
  // Rows as arrays, made objects here: better-sqlite3 builds an object a column at a time, a
  // third of this read (issue 33).
  const rows = stmt(
    db,
    `SELECT o.id, o.created_at, o.type, o.title, o.subtitle, o.project, s.session_id,
       o.pinned, o.scope, o.author, ${detailCharsSql('o.')}, o.known, o.superseded_by,
       o.superseded_at
     FROM observations o LEFT JOIN sessions s ON s.id = o.session_id
     WHERE o.id IN (SELECT value FROM json_each(?))`,
  )
    .raw(true)
    .all(JSON.stringify(ids)) as LineColumns[];
  const byId = new Map(rows.map((row) => [row[0], lineOf(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

type LineColumns = [
  id: number,
  created_at: number,
  type: string,
  title: string,
  subtitle: string,
  project: string,
  session_id: string | null,
  pinned: number,
  scope: string,
  author: string | null,
  detail_chars: number,
  known: SearchLineRow['known'],
  superseded_by: number | null,
  superseded_at: number | null,
];

const lineOf = (row: LineColumns): SearchLineRow => ({
  id: row[0],
  created_at: row[1],
  type: row[2],
  title: row[3],
  subtitle: row[4],
  project: row[5],
  session_id: row[6],
  pinned: row[7],
  scope: row[8],
  author: row[9],
  detail_chars: row[10],
  known: row[11],
  superseded_by: row[12],
  superseded_at: row[13],
});

/** The session with this Claude Code `session_id`, if captured. */
export function findSession(db: Db, sessionId: string): SessionRow | undefined {
  return stmt(
    db,
    `SELECT id, session_id, project, project_root, cwd, source, status, prompt_count, title,
       started_at, updated_at, ended_at, end_reason FROM sessions WHERE session_id = ?`,
  ).get(sessionId) as SessionRow | undefined;
}

/**
 * When the session last answered (its last Stop), else its last prompt, else undefined. What a
 * resumed session already saw ends here.
 */
export function lastResponseAt(db: Db, sessionRowId: number): number | undefined {
  const row = stmt(
    db,
    `SELECT COALESCE(
       (SELECT MAX(created_at) FROM turns WHERE session_id = @id AND agent_id IS NULL),
       (SELECT MAX(created_at) FROM prompts WHERE session_id = @id)) AS at`,
  ).get({ id: sessionRowId }) as { at: number | null };
  return row.at ?? undefined;
}

/**
 * How far back, in the project's summaries, one's own is preferred to a teammate's newer one:
 * an own summary behind this many newer ones is stale, and the newest is shown.
 */
export const SUMMARY_WINDOW = 200;

/**
 * The newest summary of a project, or of one session when `sessionRowId` is given. Of a project,
 * this machine's own come first: a teammate's newer turn is not where this developer left off.
 */
export function latestSummary(
  db: Db,
  project: string,
  sessionRowId?: number,
): SummaryRow | undefined {
  if (sessionRowId !== undefined) {
    return stmt(
      db,
      `SELECT * FROM summaries WHERE session_id = ? ORDER BY created_at DESC, id DESC LIMIT 1`,
    ).get(sessionRowId) as SummaryRow | undefined;
  }
  // One's own first, among the project's newest SUMMARY_WINDOW: ordering all of a project's
  // summaries by author sorted every one of them at each context build (team memory pulls in
  // every teammate's), where the window reads a bounded number by index.
  return stmt(
    db,
    `SELECT * FROM summaries WHERE id = (
       SELECT id FROM (
         SELECT id, author IS NOT NULL AS theirs, created_at FROM summaries WHERE project = ?
         ORDER BY created_at DESC, id DESC LIMIT ${SUMMARY_WINDOW})
       ORDER BY theirs, created_at DESC, id DESC LIMIT 1)`,
  ).get(project) as SummaryRow | undefined;
}

/** The root folder the project's newest session recorded (to resolve relative file paths). */
export function projectRoot(db: Db, project: string): string | undefined {
  const row = stmt(
    db,
    'SELECT project_root FROM sessions WHERE project = ? ORDER BY started_at DESC LIMIT 1',
  ).get(project) as { project_root: string } | undefined;
  return row?.project_root;
}
