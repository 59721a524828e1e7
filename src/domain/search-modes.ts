/**
 * How search ranks: full text (bm25), vector (embeddings) or hybrid (both, fused). The
 * `search.mode` setting, `search --mode`, `GET /api/search?mode=` and the viewer's mode menu
 * all take their choices from this list.
 */
export const SEARCH_MODES = ['fts', 'vector', 'hybrid'] as const;

/** One of {@link SEARCH_MODES}. */
export type SearchMode = (typeof SEARCH_MODES)[number];

/** Each mode's name for people (the viewer's mode menu). */
export const SEARCH_MODE_NAMES: Record<SearchMode, string> = {
  fts: 'Full text',
  vector: 'Vector',
  hybrid: 'Hybrid',
};
