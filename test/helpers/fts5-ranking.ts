import { FTS_WEIGHTS } from '../../src/search/fts-search.ts';
import type { Db } from '../../src/store/index.ts';

/**
 * FTS5's own ranking of `match` (the statement the search probe runs), its best `depth`: what the
 * phrase lists (src/search/list-rank.ts) must give, ids, order and every bit of every score.
 */
export function fts5Ranking(db: Db, match: string, depth: number) {
  return db
    .prepare(
      `SELECT rowid AS id, bm25(observations_fts, ${FTS_WEIGHTS.join(', ')}) AS score
       FROM observations_fts WHERE observations_fts MATCH ? ORDER BY score, rowid DESC LIMIT ?`,
    )
    .all(match, depth) as Array<{ id: number; score: number }>;
}
