import { stmt, type Db } from '../store/index.ts';
import type { filterSql, SearchFilters } from './filters.ts';
import type { RankedId } from './fts-search.ts';

// Exact cosine ranking from the stored float vectors (recall_vectors): what a narrow filter or
// a small scope gets, and what refines a KNN's shortlist, with sqlite-vec or Chroma alike.

/** A blob view of a vector for SQLite (float32, little-endian as stored). */
export const blob = (vector: Float32Array): Buffer =>
  Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);

/** Whether filters other than the project narrow the search (the KNN then looks further). */
export const narrowed = (filters: SearchFilters): boolean =>
  Object.entries(filters).some(([key, value]) => key !== 'project' && value !== undefined);

/**
 * Observations under a narrow filter ranked exactly: the newest this many (~5 ms), as full text
 * ranks the newest matches. Every row under a broad one (a type, a long time range) cost ~1 s at
 * 1M observations (bench/REPORT.md).
 */
export const RERANK_WINDOW = 3000;

/**
 * Exact cosine ranking of the observations under `filters`: of the KNN's shortlist `candidates`
 * (JSON ids), or when null of the newest RERANK_WINDOW filtered rows (a narrow filter: cheaper
 * than a wide KNN whose shortlist the filter would mostly discard). Two statements, so each gets
 * its own plan: the shortlist is walked by id (CROSS JOIN fixes that order in SQLite), the
 * filtered rows newest first by the filter's index.
 */
export function rerank(
  db: Db,
  vector: Float32Array,
  where: ReturnType<typeof filterSql>,
  params: { model: string; limit: number; candidates: string | null },
): RankedId[] {
  const { candidates, ...rest } = params;
  const source =
    candidates === null
      ? `(SELECT o.id FROM observations o WHERE ${where.sql}
           ORDER BY o.created_at DESC, o.id DESC LIMIT ${RERANK_WINDOW}) w
         CROSS JOIN recall_vectors v ON v.observation_id = w.id`
      : `json_each(@candidates) c CROSS JOIN recall_vectors v ON v.observation_id = c.value
         CROSS JOIN observations o ON o.id = v.observation_id`;
  return stmt(
    db,
    `SELECT v.observation_id AS id, vec_distance_cosine(v.embedding, @q) AS score
     FROM ${source}
     WHERE v.model = @model ${candidates === null ? '' : `AND ${where.sql}`}
     ORDER BY score, v.observation_id DESC LIMIT @limit`,
  ).all({
    ...where.params,
    ...rest,
    ...(candidates === null ? {} : { candidates }),
    q: blob(vector),
  }) as RankedId[];
}

/** At most this many vectors in scope are ranked exactly (~5 ms); more go through the KNN. */
export const EXACT_LIMIT = 3000;

/** Whether the vectors in scope (a project's, or all) are at most `exact`: ranked exactly. */
export function fewInScope(
  db: Db,
  model: string,
  project: string | undefined,
  exact: number,
): boolean {
  const count = stmt(
    db,
    `SELECT COUNT(*) FROM (SELECT 1 FROM recall_vectors
       WHERE model = @model AND (@project IS NULL OR project = @project) LIMIT @cap)`,
  )
    .pluck()
    .get({ model, project: project ?? null, cap: exact + 1 }) as number;
  return count <= exact;
}
