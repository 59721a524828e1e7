import type { Db } from '../statements.js';
import { stmt } from '../statements.ts';

/** An existing memory that shares files or key terms with new work. */
export interface RelatedRow {
  id: number;
  title: string;
  createdAt: number;
}

/** Matches ranked by bm25 among the newest this many: enough for a subject, bounded at scale. */
const WINDOW = 300;

const phrase = (word: string): string => `"${word.replace(/"/g, '""')}"`;

/**
 * The project's memories still standing (not superseded) that hold any of `words` (file paths,
 * identifiers, a setting's key), best matches first: what an LLM is shown as memories a new
 * observation may supersede (issue 34). At most `limit`.
 */
export function relatedMemories(
  db: Db,
  project: string,
  words: readonly string[],
  limit: number,
): RelatedRow[] {
  const terms = [...new Set(words.filter((word) => /\w/.test(word)))].slice(0, 24);
  if (terms.length === 0 || limit <= 0) return [];
  return stmt(
    db,
    `SELECT id, title, createdAt FROM (
       SELECT o.id AS id, o.title AS title, o.created_at AS createdAt,
         bm25(observations_fts) AS score
       FROM observations_fts f CROSS JOIN observations o ON o.id = f.rowid
       WHERE observations_fts MATCH @match AND o.project = @project AND o.superseded_by IS NULL
       ORDER BY f.rowid DESC LIMIT ${WINDOW})
     ORDER BY score, id DESC LIMIT @limit`,
  ).all({ match: terms.map(phrase).join(' OR '), project, limit }) as RelatedRow[];
}
