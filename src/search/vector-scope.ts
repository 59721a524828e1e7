import type { Cutoff } from './fts-search.ts';

/**
 * How far back a vector search may look: `allTime` reads every bucket; `onCutoff` hears from a
 * store that shortlisted among the newest only (the search horizon's buckets), so the answer
 * can say what was not searched (issue 32). A store that always reads everything never calls it.
 */
export interface VectorScope {
  allTime?: boolean | undefined;
  onCutoff?: ((cutoff: Cutoff) => void) | undefined;
}
