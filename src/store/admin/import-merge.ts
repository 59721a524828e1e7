import type { SpendFields } from '../../domain/index.ts';
import type { ExportKind } from './export-import.ts';
import { withDeferredIndexing, type NoteInserted } from '../fulltext/deferred-indexing.ts';
import { contentValues, type MemoryKind } from '../memory/memory-columns.ts';
import { insertSql } from '../row-mapper.ts';
import { soundMemory } from '../row-door.ts';
import { setAside } from '../team/set-aside.ts';
import { captureValues, type StoredSession } from '../capture/capture-columns.ts';
import { stmt, type Db } from '../statements.ts';

/**
 * A session as exported: its stored columns (capture-columns.ts), without its local id. Whatever
 * else a record holds is left out by the session mapper.
 */
export interface SessionImport extends StoredSession {
  kind: 'session';
  [column: string]: unknown;
}

/** A prompt as exported; `id` is kept when it is free; the prompt mapper takes what it lists. */
export interface PromptImport {
  kind: 'prompt';
  id: number | null;
  event_uid: string | null;
  session_id: string;
  project: string;
  prompt_number: number;
  text: string;
  created_at: number;
  [column: string]: unknown;
}

/**
 * An observation as exported; provenance travels as the source events' ingestion ids. Its
 * content (the content columns of memory-columns.ts: whatever an export holds, a teammate's odd
 * row included) is made sound by the row door before it is stored.
 */
export interface ObservationImport extends SpendFields {
  kind: 'observation';
  id: number | null;
  session_id: string | null;
  project: string;
  source_event_uids: string[];
  content_hash: string;
  pinned: boolean;
  created_at: number;
  updated_at: number;
  [column: string]: unknown;
}

/** A turn summary as exported; its content columns pass the row door too. */
export interface SummaryImport extends SpendFields {
  kind: 'summary';
  id: number | null;
  session_id: string;
  project: string;
  created_at: number;
  [column: string]: unknown;
}

/** Content columns through the row door, then the one mapper (and so the privacy door). */
function soundContent(kind: MemoryKind, record: object) {
  return contentValues(kind, soundMemory(kind, record));
}

/** An import record's spend: what produced it, as exported. */
const spendOf = (r: SpendFields) => ({
  provider: r.provider,
  model: r.model,
  tokens_in: r.tokens_in,
  tokens_out: r.tokens_out,
});

/** Any record of an import. */
export type ImportRecord = SessionImport | PromptImport | ObservationImport | SummaryImport;

/** Per kind, how many records were added and how many were already there (or had no session). */
export type ImportCounts = Record<ExportKind, { added: number; skipped: number }>;

/** What an import did: counts per kind, and how many records were set aside (with why). */
export interface ImportResult {
  counts: ImportCounts;
  setAside: number;
}

const sessionRowId = (db: Db, sessionId: string | null): number | undefined =>
  sessionId === null
    ? undefined
    : (stmt(db, 'SELECT id FROM sessions WHERE session_id = ?').pluck().get(sessionId) as
        number | undefined);

/** The exported id when no row of `table` holds it yet, else null (a new id is assigned). */
const freeId = (db: Db, table: string, id: number | null): number | null =>
  id !== null && stmt(db, `SELECT 1 FROM ${table} WHERE id = ?`).get(id) === undefined ? id : null;

function addSession(db: Db, record: SessionImport): boolean {
  const values = captureValues('sessions', record);
  return (
    stmt(db, insertSql('sessions', values, 'ON CONFLICT (session_id) DO NOTHING')).run(values)
      .changes === 1
  );
}

function addPrompt(db: Db, r: PromptImport): boolean {
  const session = sessionRowId(db, r.session_id);
  if (session === undefined) return false;
  const taken = stmt(db, 'SELECT 1 FROM prompts WHERE session_id = ? AND prompt_number = ?').get(
    session,
    r.prompt_number,
  );
  if (taken) return false;
  const values = captureValues('prompts', {
    ...r,
    id: freeId(db, 'prompts', r.id),
    event_uid: r.event_uid ?? `import:${r.session_id}:${r.prompt_number}`,
    session_id: session,
  });
  return stmt(db, insertSql('prompts', values, 'ON CONFLICT DO NOTHING')).run(values).changes === 1;
}

function observationExists(db: Db, r: ObservationImport, session: number | undefined) {
  return session === undefined
    ? stmt(
        db,
        'SELECT 1 FROM observations WHERE session_id IS NULL AND project = ? AND content_hash = ?',
      ).get(r.project, r.content_hash) !== undefined
    : stmt(db, 'SELECT 1 FROM observations WHERE session_id = ? AND content_hash = ?').get(
        session,
        r.content_hash,
      ) !== undefined;
}

/**
 * How the memory is known (migration 018), as the export says it; anything else (an export from
 * before 018, a hand-edited file) is unknown. Supersession links name ids, which an import into
 * a store that has them already renumbers: they are not carried.
 */
function knowing(r: ObservationImport): { known: string | null; known_by: string | null } {
  const known = r.known === 'verified' || r.known === 'hypothesis' ? r.known : null;
  const by = known !== null && typeof r.known_by === 'string' ? r.known_by.slice(0, 40) : null;
  return { known, known_by: by };
}

function addObservation(db: Db, r: ObservationImport, noted: NoteInserted): boolean {
  const session = sessionRowId(db, r.session_id);
  if ((r.session_id !== null && session === undefined) || observationExists(db, r, session)) {
    return false;
  }
  const values = {
    ...soundContent('observation', r),
    ...spendOf(r),
    id: freeId(db, 'observations', r.id),
    session_id: session ?? null,
    project: r.project,
    content_hash: r.content_hash,
    pinned: r.pinned ? 1 : 0,
    ...knowing(r),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
  // Provenance travels as the source events' ingestion ids: mapped back to this database's ids.
  const sql = insertSql('observations', values, '', {
    source_event_ids: `(SELECT json_group_array(id) FROM (SELECT id FROM events
       WHERE event_uid IN (SELECT value FROM json_each(@uids)) ORDER BY id))`,
  });
  const { lastInsertRowid } = stmt(db, sql).run({
    ...values,
    uids: JSON.stringify(r.source_event_uids),
  });
  // It may keep an id below the newest: the deferred indexing must be told.
  noted(lastInsertRowid);
  return true;
}

function addSummary(db: Db, r: SummaryImport): boolean {
  const session = sessionRowId(db, r.session_id);
  if (session === undefined) return false;
  const values = {
    ...soundContent('summary', r),
    ...spendOf(r),
    id: freeId(db, 'summaries', r.id),
    session_id: session,
    project: r.project,
    created_at: r.created_at,
  };
  return (
    stmt(
      db,
      insertSql('summaries', values, 'ON CONFLICT (session_id, prompt_number) DO NOTHING'),
    ).run(values).changes === 1
  );
}

function addRecord(db: Db, record: ImportRecord, noted: NoteInserted): boolean {
  switch (record.kind) {
    case 'session':
      return addSession(db, record);
    case 'prompt':
      return addPrompt(db, record);
    case 'observation':
      return addObservation(db, record, noted);
    case 'summary':
      return addSummary(db, record);
    default:
      record satisfies never;
      return false;
  }
}

/**
 * Merges exported records, in the order given (sessions before what names them), in one
 * transaction. Deduplicated: a session by its session_id, a prompt and a summary by (session,
 * prompt number), an observation by (session, content hash), or (project, content hash) when it
 * has no session. Ids are kept when free, so an export restored into an empty folder answers
 * searches exactly as the original did. Importing the same records again adds nothing. Each
 * record is added in its own savepoint: one that cannot be stored is set aside with its reason
 * (`set_aside`, source `import`) and the others go in.
 */
export function importRecords(
  db: Db,
  records: readonly ImportRecord[],
  now = Date.now(),
): ImportResult {
  const counts: ImportCounts = {
    session: { added: 0, skipped: 0 },
    prompt: { added: 0, skipped: 0 },
    observation: { added: 0, skipped: 0 },
    summary: { added: 0, skipped: 0 },
  };
  let setAsideCount = 0;
  // Imports only insert, so the insert triggers' work of a batch can wait for its end.
  withDeferredIndexing(db, (noted) => {
    const one = db.transaction((record: ImportRecord) => addRecord(db, record, noted));
    for (const record of records) {
      try {
        counts[record.kind][one(record) ? 'added' : 'skipped'] += 1;
      } catch (error) {
        setAsideImport(db, record, `could not be stored: ${(error as Error).message}`, now);
        setAsideCount += 1;
      }
    }
  });
  return { counts, setAside: setAsideCount };
}

/** Records an import record that was not stored (unsound, or refused by the database). */
export function setAsideImport(db: Db, record: unknown, reason: string, now: number): void {
  const r = (typeof record === 'object' && record !== null ? record : {}) as Record<
    string,
    unknown
  >;
  setAside(db, {
    source: 'import',
    project: typeof r.project === 'string' ? r.project.slice(0, 200) : '',
    kind: typeof r.kind === 'string' ? r.kind.slice(0, 40) : '?',
    ref: String(r.id ?? r.session_id ?? '').slice(0, 100),
    author: null,
    reason,
    at: now,
  });
}
