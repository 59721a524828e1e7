import { HORIZON_TABLE, horizonBoundary, stmt, type Db } from '../store/index.ts';
import { filterSql, type FilterSql, type SearchFilters } from './filters.ts';
import type { FtsQuery } from './fts-query.ts';

/**
 * bm25 weights of observations_fts's columns: title, subtitle, facts, narrative, concepts,
 * search_keys (other words for the observation: below the title, which says what it is) and
 * code_terms (file paths and split identifiers, which repeat words of the other columns).
 */
export const FTS_WEIGHTS = [8, 4, 4, 1, 2, 3, 2] as const;

/** One ranked match: lower scores are better (bm25 is negative), like distances. */
export interface RankedId {
  id: number;
  score: number;
  /** Full text: the match has every query word (hybrid keeps these first). */
  allTerms?: boolean;
}

/**
 * bm25 ranks the newest RANK_WINDOW matches of a query, not all of them: scoring every match of
 * a common word costs ~80 ms at 100k observations; the window keeps p95 under 10 ms there
 * (bench/search-latency.ts). A query matching fewer is ranked exactly.
 */
export const RANK_WINDOW = 2000;

/**
 * At most this many observations under the indexed filters (a session, a short time range, a
 * small project) are searched row by row, each probed in the full-text index, and ranked
 * exactly; more are searched from the full-text side, newest match first, up to the window.
 */
export const FEW_IN_SCOPE = 500;

/** The full-text index of every observation. */
const FTS = 'observations_fts';

/** Which side drives the search: the full-text index, or the filtered rows. */
type Driver = 'text' | 'rows';

/**
 * CROSS JOIN fixes the join order in SQLite (the planner, with or without ANALYZE's statistics,
 * would otherwise walk a project's or a time range's rows by index however many there are and
 * score every match among them); src/search/query-plans.test.ts checks both plans.
 */
function run(db: Db, match: string, where: FilterSql, limit: number, driver: Driver, table = FTS) {
  const weights = FTS_WEIGHTS.join(', ');
  const sql =
    driver === 'text'
      ? `SELECT id, score FROM (
           SELECT o.id AS id, bm25(${table}, ${weights}) AS score
           FROM ${table} CROSS JOIN observations o ON o.id = ${table}.rowid
           WHERE ${table} MATCH @match AND ${where.sql}
           ORDER BY ${table}.rowid DESC LIMIT ${RANK_WINDOW})
         ORDER BY score, id DESC LIMIT @limit`
      : `SELECT o.id AS id, bm25(${table}, ${weights}) AS score
         FROM observations o CROSS JOIN ${table} ON ${table}.rowid = o.id
         WHERE ${table} MATCH @match AND ${where.sql}
         ORDER BY score, id DESC LIMIT @limit`;
  return stmt(db, sql).all({ ...where.params, match, limit }) as RankedId[];
}

/** Whether the rows under the indexed filters are few (counted by index, at most FEW + 1). */
function driverFor(db: Db, filters: SearchFilters): Driver {
  const { project, since, until, sessionId } = filters;
  if ([project, since, until, sessionId].every((part) => part === undefined)) return 'text';
  const scope = filterSql({ project, since, until, sessionId });
  const count = stmt(
    db,
    `SELECT COUNT(*) FROM (SELECT 1 FROM observations o WHERE ${scope.sql} LIMIT ${FEW_IN_SCOPE + 1})`,
  )
    .pluck()
    .get(scope.params) as number;
  return count <= FEW_IN_SCOPE ? 'rows' : 'text';
}

/**
 * The best `limit` observations for `query` under `filters`, best first: those matching every
 * term first, then (when they are fewer than `limit`) those matching any term. In a large memory
 * (src/store/fulltext/search-horizon.ts) each is ranked among the newest observations when at least
 * `limit` of them match there, so that the cost of a search does not grow with the memory; an
 * older match is reached when fewer do, or with a search into the past (`until`).
 */
export function ftsSearch(
  db: Db,
  query: FtsQuery,
  filters: SearchFilters,
  limit: number,
  root?: string,
): RankedId[] {
  const where = filterSql(filters, root);
  const driver = driverFor(db, filters);
  // A search into the past (`until`) reads the whole index: the horizon holds the newest rows.
  const horizon =
    driver === 'text' && filters.until === undefined && horizonBoundary(db) !== undefined;
  const ranked = (match: string): RankedId[] => {
    if (horizon) {
      const recent = run(db, match, where, limit, driver, HORIZON_TABLE);
      if (recent.length >= limit) return recent;
    }
    return run(db, match, where, limit, driver);
  };
  const all = ranked(query.all).map((hit) => ({ ...hit, allTerms: true }));
  if (all.length >= limit || query.any === query.all) return all;
  const seen = new Set(all.map((hit) => hit.id));
  const any = ranked(query.any).filter((hit) => !seen.has(hit.id));
  return [...all, ...any].slice(0, limit);
}

/** The newest `limit` observations under `filters` (a search without words). */
export function recentIds(
  db: Db,
  filters: SearchFilters,
  limit: number,
  root?: string,
): RankedId[] {
  const where = filterSql(filters, root);
  return stmt(
    db,
    `SELECT o.id AS id, -o.created_at AS score FROM observations o WHERE ${where.sql}
     ORDER BY o.created_at DESC, o.id DESC LIMIT @limit`,
  ).all({ ...where.params, limit }) as RankedId[];
}
