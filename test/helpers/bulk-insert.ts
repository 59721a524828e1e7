// Test and bench seeding: many observations in one transaction, through the store's one row
// mapper (so the privacy door too) with the full-text index work deferred to the batch's end,
// as `claude-mem import` stores. No production path writes through it.
import {
  contentValues,
  insertSql,
  stmt,
  withDeferredIndexing,
  type Db,
} from '../../src/store/index.ts';

/** One observation for a bulk insert; lists as arrays. */
export interface BulkObservation {
  project: string;
  sessionRowId?: number | null;
  promptNumber?: number | null;
  type: string;
  title: string;
  subtitle?: string;
  narrative?: string;
  facts?: readonly string[];
  concepts?: readonly string[];
  filesRead?: readonly string[];
  filesModified?: readonly string[];
  provider?: string;
  model?: string | null;
  contentHash: string;
  pinned?: boolean;
  createdAt: number;
  updatedAt?: number;
}

/** Every row's values in the same shape (each content field given), so one statement serves all. */
function valuesOf(row: BulkObservation) {
  const content = contentValues('observation', {
    promptNumber: row.promptNumber ?? null,
    type: row.type,
    title: row.title,
    subtitle: row.subtitle ?? '',
    narrative: row.narrative ?? '',
    facts: row.facts ?? [],
    concepts: row.concepts ?? [],
    filesRead: row.filesRead ?? [],
    filesModified: row.filesModified ?? [],
  });
  return Object.assign(content, {
    session_id: row.sessionRowId ?? null,
    project: row.project,
    provider: row.provider ?? 'heuristic',
    model: row.model ?? null,
    content_hash: row.contentHash,
    pinned: row.pinned ? 1 : 0,
    created_at: row.createdAt,
    updated_at: row.updatedAt ?? row.createdAt,
  });
}

/**
 * Inserts `rows` (one transaction, the insert triggers' work deferred to its end) and returns how
 * many were new; a row whose (session, content hash) is already stored is skipped. Call it with
 * batches of a few thousand: one batch holds the write lock, and its rows stay in memory.
 * Vectors follow in the background (the embedding runtime finds the rows without one).
 */
export function insertObservations(db: Db, rows: readonly BulkObservation[]): number {
  return withDeferredIndexing(db, () => {
    let added = 0;
    const tail = 'ON CONFLICT (session_id, content_hash) DO NOTHING';
    let insert: ReturnType<typeof stmt> | undefined;
    for (const row of rows) {
      const values = valuesOf(row);
      insert ??= stmt(db, insertSql('observations', values, tail));
      added += insert.run(values).changes;
    }
    return added;
  });
}
