import { stmt, type Db } from '../../store/index.ts';
import { filterSql, type SearchFilters } from '../filters.ts';
import type { RankedId } from '../fts-search.ts';
import { META, meta } from '../vector-space.ts';
import { EXACT_LIMIT, fewInScope, narrowed, rerank } from '../vector-rank.ts';
import type { ChromaPort } from './chroma-port.ts';

/** Chroma's largest useful shortlist for one query. */
const MAX_K = 1000;

/** Nearest observations through a Chroma collection. */
export interface ChromaSearch {
  search(
    vector: Float32Array,
    filters: SearchFilters,
    limit: number,
    root?: string,
  ): Promise<RankedId[]>;
}

/**
 * Keeps Chroma's order for the shortlisted ids that still exist and pass the filters: rows
 * forgotten since the last sync are dropped here, so a search never returns them.
 */
function keepExisting(
  db: Db,
  hits: readonly { id: number; distance: number }[],
  where: ReturnType<typeof filterSql>,
): Set<number> {
  const ids = stmt(
    db,
    `SELECT o.id FROM json_each(@ids) c CROSS JOIN observations o ON o.id = c.value
     WHERE ${where.sql}`,
  )
    .pluck()
    .all({ ...where.params, ids: JSON.stringify(hits.map((hit) => hit.id)) }) as number[];
  return new Set(ids);
}

/**
 * Vector search served by Chroma. Narrow filters (types, dates, files) and small scopes are
 * ranked exactly in SQLite from the stored vectors, as with sqlite-vec: cheaper than a wide
 * remote shortlist the filter would mostly discard. So is a collection that does not yet hold
 * the current model's vectors (`synced()` false), so that two models never meet in one ranking.
 * Throws when Chroma cannot be reached; the searcher then falls back to full text.
 */
export function createChromaSearch(
  db: Db,
  port: ChromaPort,
  options: { synced: (model: string) => boolean; exactLimit?: number },
): ChromaSearch {
  const exact = options.exactLimit ?? EXACT_LIMIT;
  return {
    async search(vector, filters, limit, root) {
      const model = meta(db, META.model);
      if (model === undefined || limit <= 0) return [];
      const where = filterSql(filters, root);
      if (
        narrowed(filters) ||
        !options.synced(model) ||
        fewInScope(db, model, filters.project, exact)
      ) {
        return rerank(db, vector, where, { model, limit, candidates: null });
      }
      const hits = await port.query(vector, Math.min(MAX_K, limit * 2), filters.project);
      const keep = keepExisting(db, hits, where);
      return hits
        .filter((hit) => keep.has(hit.id))
        .slice(0, limit)
        .map((hit) => ({ id: hit.id, score: hit.distance }));
    },
  };
}
