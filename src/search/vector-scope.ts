import type { SearchFilters } from './filters.ts';
import type { Cutoff, RankedId } from './fts-search.ts';

/**
 * How far back a vector search may look: `allTime` reads every bucket; `onCutoff` hears from a
 * store that shortlisted among the newest only (the search horizon's buckets), so the answer
 * can say what was not searched (issue 32). A store that always reads everything never calls it.
 */
export interface VectorScope {
  allTime?: boolean | undefined;
  onCutoff?: ((cutoff: Cutoff) => void) | undefined;
}

/**
 * The `limit` nearest observations to `vector` under `filters`, nearest first (score = cosine
 * distance): what the sqlite-vec index answers at once and a Chroma store in time. `root`
 * resolves relative file filters.
 */
export type NearestSearch<Found extends RankedId[] | Promise<RankedId[]>> = (
  vector: Float32Array,
  filters: SearchFilters,
  limit: number,
  root?: string,
  scope?: VectorScope,
) => Found;
