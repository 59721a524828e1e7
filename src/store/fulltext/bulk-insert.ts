import { throughDoor } from '../privacy-door.ts';
import { withDeferredIndexing } from './deferred-indexing.ts';
import { stmt, type Db } from '../statements.ts';

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

const INSERT_SQL = `INSERT INTO observations (session_id, project, prompt_number, type, title,
    subtitle, narrative, facts, concepts, files_read, files_modified, provider, model,
    content_hash, pinned, created_at, updated_at)
  VALUES (@session, @project, @prompt, @type, @title, @subtitle, @narrative, @facts, @concepts,
    @filesRead, @filesModified, @provider, @model, @hash, @pinned, @createdAt, @updatedAt)
  ON CONFLICT (session_id, content_hash) DO NOTHING`;

const DOOR_TEXT = ['title', 'subtitle', 'narrative', 'facts', 'concepts'] as const;

const json = (list: readonly string[] | undefined): string => JSON.stringify(list ?? []);

/**
 * Inserts `rows` (one transaction, the insert triggers' work deferred to its end) and returns how many
 * were new; a row whose (session, content hash) is already stored is skipped. Text goes through
 * the privacy door like every other write. Call it with
 * batches of a few thousand: one batch holds the write lock, and its rows stay in memory.
 * Vectors follow in the background (the embedding runtime finds the rows without one).
 */
export function insertObservations(db: Db, rows: readonly BulkObservation[]): number {
  const insert = stmt(db, INSERT_SQL);
  return withDeferredIndexing(db, () => {
    let added = 0;
    for (const row of rows) {
      const o = throughDoor(row, { text: DOOR_TEXT });
      added += insert.run({
        session: o.sessionRowId ?? null,
        project: o.project,
        prompt: o.promptNumber ?? null,
        type: o.type,
        title: o.title,
        subtitle: o.subtitle ?? '',
        narrative: o.narrative ?? '',
        facts: json(o.facts),
        concepts: json(o.concepts),
        filesRead: json(o.filesRead),
        filesModified: json(o.filesModified),
        provider: o.provider ?? 'heuristic',
        model: o.model ?? null,
        hash: o.contentHash,
        pinned: o.pinned ? 1 : 0,
        createdAt: o.createdAt,
        updatedAt: o.updatedAt ?? o.createdAt,
      }).changes;
    }
    return added;
  });
}
