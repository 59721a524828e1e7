/**
 * bm25 weights of observations_fts's columns: title, subtitle, facts, narrative, concepts,
 * search_keys (other words for the observation: below the title, which says what it is) and
 * code_terms (file paths and split identifiers, which repeat words of the other columns).
 * Whole numbers: term-lists.ts finds a document's weighted count from its score by rounding.
 */
export const FTS_WEIGHTS = [8, 4, 4, 1, 2, 3, 2] as const;
