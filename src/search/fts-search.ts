import { HORIZON_TABLE, horizonBoundary, readSnapshot, stmt, type Db } from '../store/index.ts';
import { filterSql, type FilterSql, type SearchFilters } from './filters.ts';
import {
  EXACT_CAP,
  exactAll,
  exactAllAndAny,
  exactAny,
  type AnyRanking,
  type JointRanker,
  type ScoredId,
  type WholeRanker,
} from './fts-exact.ts';
import { FTS_WEIGHTS } from './fts-weights.ts';
import { keptCount } from './kept-counts.ts';
import { listed, listedPage, PROBE_DEPTH } from './fts-listed.ts';
import { LIST_FACTOR } from './term-lists.ts';
import type { FtsQuery } from './fts-query.ts';

export { FTS_WEIGHTS } from './fts-weights.ts';

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

/** Where a ranking stopped looking: the oldest observation it ranked matches from. */
export interface Cutoff {
  /** Ranked among observations from this id on (older matches were not looked at). */
  fromId: number;
}

/** Ranked matches, and the cut-off when the ranking did not look at every match. */
export interface FtsRanking {
  hits: RankedId[];
  cutoff?: Cutoff | undefined;
}

/** A windowed ranking's hits, and how many matches its window held and the oldest of them. */
interface Windowed {
  hits: RankedId[];
  held: number;
  oldest: number | undefined;
}

/**
 * The newest RANK_WINDOW matches ranked. CROSS JOIN fixes the join order in SQLite (the planner,
 * with or without ANALYZE's statistics, would otherwise walk a project's or a time range's rows
 * by index however many there are and score every match among them);
 * src/search/query-plans.test.ts checks the plans.
 */
function windowed(db: Db, match: string, where: FilterSql, limit: number, table = FTS): Windowed {
  const weights = FTS_WEIGHTS.join(', ');
  const rows = stmt(
    db,
    `SELECT id, score, count(*) OVER () AS held, min(id) OVER () AS oldest FROM (
       SELECT o.id AS id, bm25(${table}, ${weights}) AS score
       FROM ${table} CROSS JOIN observations o ON o.id = ${table}.rowid
       WHERE ${table} MATCH @match AND ${where.sql}
       ORDER BY ${table}.rowid DESC LIMIT ${RANK_WINDOW})
     ORDER BY score, id DESC LIMIT @limit`,
  ).all({ ...where.params, match, limit }) as Array<RankedId & { held: number; oldest: number }>;
  return {
    hits: rows.map(({ id, score }) => ({ id, score })),
    held: rows[0]?.held ?? 0,
    oldest: rows[0]?.oldest,
  };
}

/**
 * A project holding at least 1 / PROBE_SHARE of all observations is searched by the probe
 * (fts-listed.ts PROBE_DEPTH), as a search under no filter is.
 */
const PROBE_SHARE = 4;

/**
 * Every match ranked: driven by the filtered rows when they are few (each probed in the index),
 * else by the index (the caller knows the matches are few, or asked for all of them), its best
 * matches first when `probed` ({@link PROBE_DEPTH}). `exclude` leaves out the rows matching it
 * (fts-exact.ts: the rows a second query ranks).
 */
function whole(
  db: Db,
  where: FilterSql,
  driver: Driver,
  probed: boolean,
  cap: number,
): (match: string, limit: number, exclude?: string) => ScoredId[] {
  const weights = FTS_WEIGHTS.join(', ');
  return (match, limit, exclude) => {
    const without =
      exclude === undefined
        ? ''
        : `AND ${FTS}.rowid NOT IN (SELECT rowid FROM ${FTS} WHERE ${FTS} MATCH @exclude)`;
    const params = { ...where.params, match, limit, ...(exclude ? { exclude } : {}) };
    if (probed) {
      const probe = `SELECT o.id AS id, best.score AS score FROM (
           SELECT rowid AS id, bm25(${FTS}, ${weights}) AS score FROM ${FTS}
           WHERE ${FTS} MATCH @match ${without} ORDER BY score, rowid DESC LIMIT @depth) best
         CROSS JOIN observations o ON o.id = best.id
         WHERE ${where.sql} ORDER BY best.score, o.id DESC LIMIT @limit`;
      const page = exclude === undefined ? listedPage(db, match, where, limit, cap) : undefined;
      if (page?.complete) return page.hits;
      const hits =
        page?.hits ??
        (stmt(db, probe).all({ ...params, depth: limit * PROBE_DEPTH }) as ScoredId[]);
      // Under no filter a short page is every match (the probe kept them all): ranking them
      // again below read each term's whole doclist twice (issue 32).
      if (hits.length >= limit || where.sql === '1') return hits;
    }
    const sql =
      driver === 'text'
        ? `SELECT o.id AS id, bm25(${FTS}, ${weights}) AS score
           FROM ${FTS} CROSS JOIN observations o ON o.id = ${FTS}.rowid
           WHERE ${FTS} MATCH @match AND ${where.sql} ${without}
           ORDER BY score, id DESC LIMIT @limit`
        : `SELECT o.id AS id, bm25(${FTS}, ${weights}) AS score
           FROM observations o CROSS JOIN ${FTS} ON ${FTS}.rowid = o.id
           WHERE ${FTS} MATCH @match AND ${where.sql} ${without}
           ORDER BY score, id DESC LIMIT @limit`;
    return stmt(db, sql).all(params) as ScoredId[];
  };
}

/**
 * Under no filter, one ranking of `match` that keeps apart the matches of `every` (fts-exact.ts
 * JointRanker): they are ordered first, so the `held` of them and the best `limit` others are
 * all read, each looked up in observations as the probe looks up its best matches.
 */
function joint(db: Db): JointRanker {
  const weights = FTS_WEIGHTS.join(', ');
  const sql = `SELECT o.id AS id, best.score AS score, best.every AS every FROM (
       SELECT rowid AS id, bm25(${FTS}, ${weights}) AS score,
         rowid IN (SELECT rowid FROM ${FTS} WHERE ${FTS} MATCH @every) AS every
       FROM ${FTS} WHERE ${FTS} MATCH @match ORDER BY every DESC, score, rowid DESC LIMIT @depth) best
     CROSS JOIN observations o ON o.id = best.id`;
  return (match, limit, every, held) => {
    const rows = stmt(db, sql).all({ match, every, depth: limit + held }) as Array<
      ScoredId & { every: number }
    >;
    const ranked = rows
      .map((row) => ({ id: row.id, score: row.score, held: row.every === 1 }))
      .sort((a, b) => a.score - b.score || b.id - a.id);
    const plain = ({ id, score }: ScoredId): ScoredId => ({ id, score });
    return {
      hits: ranked.slice(0, limit).map(plain),
      every: ranked.filter((row) => row.held).map(plain),
    };
  };
}

/** How many observations a project holds, and how many there are (observation_counts). */
interface Share {
  held: number;
  total: number;
}

const shareOf = (db: Db, project: string): Share =>
  stmt(
    db,
    `SELECT coalesce((SELECT n FROM observation_counts WHERE project = ?), 0) AS held,
       coalesce((SELECT sum(n) FROM observation_counts), 0) AS total`,
  ).get(project) as Share;

/**
 * Whether the rows under the indexed filters are few (counted by index, at most FEW + 1). A
 * project alone is counted by observation_counts: one row, where counting by index cost a search
 * as much as ranking it from the lists (issue 33); a wrong count only chooses the other path.
 */
function driverFor(db: Db, filters: SearchFilters, share: Share | undefined): Driver {
  const { project, since, until, sessionId } = filters;
  if ([project, since, until, sessionId].every((part) => part === undefined)) return 'text';
  if (share && [since, until, sessionId].every((part) => part === undefined))
    return share.held <= FEW_IN_SCOPE ? 'rows' : 'text';
  const scope = filterSql({ project, since, until, sessionId });
  const sql = `SELECT COUNT(*) FROM (SELECT 1 FROM observations o WHERE ${scope.sql} LIMIT ${FEW_IN_SCOPE + 1})`;
  const count = keptCount(
    db,
    `scope ${sql} ${JSON.stringify(scope.params)}`,
    () => stmt(db, sql).pluck().get(scope.params) as number,
  );
  return count <= FEW_IN_SCOPE ? 'rows' : 'text';
}

/** Whether the index's best matches are probed first: no filter but a project that holds many. */
function probes(filters: SearchFilters, share: Share | undefined): boolean {
  const { project, ...rest } = filters;
  const narrower = Object.values(rest).some((part) => part !== undefined);
  if (narrower) return false;
  return project === undefined || (share !== undefined && share.held * PROBE_SHARE >= share.total);
}

/** How one query (AND or OR) is ranked when its matches are many. */
interface Fallback {
  db: Db;
  where: FilterSql;
  limit: number;
  horizon: number | undefined;
  /** The exact ranking from kept phrase lists, when they can give it. */
  listed: ((match: string) => ScoredId[] | undefined) | undefined;
}

/**
 * The whole answer from the kept lists when they hold it (every phrase of the AND query, and of
 * the OR query when the AND one fills no page): exact, as the other paths' exact rankings are,
 * and without counting any term's documents in FTS5 first.
 */
function fromLists(
  db: Db,
  query: FtsQuery,
  where: FilterSql,
  limit: number,
  cap: number,
): FtsRanking | undefined {
  const every = listedPage(db, query.all, where, limit, cap);
  if (!every?.complete) return undefined;
  const all = every.hits.map(({ id, score }) => ({ id, score, allTerms: true }));
  if (all.length >= limit || query.any === query.all) return { hits: all };
  const some = listedPage(db, query.any, where, limit, cap);
  if (!some?.complete) return undefined;
  const seen = new Set(all.map((hit) => hit.id));
  return { hits: [...all, ...some.hits.filter((hit) => !seen.has(hit.id))].slice(0, limit) };
}

/**
 * The newest matches ranked (the last resort: a query of common words only): in the search
 * horizon when it holds a page of them, else the newest RANK_WINDOW of the whole index; with the
 * cut-off when older matches were not looked at.
 */
function newestRanked(f: Fallback, match: string): FtsRanking {
  const exact = f.listed?.(match);
  if (exact) return { hits: exact };
  if (f.horizon !== undefined) {
    const recent = windowed(f.db, match, f.where, f.limit, HORIZON_TABLE);
    if (recent.hits.length >= f.limit) {
      const full = recent.held >= RANK_WINDOW && recent.oldest !== undefined;
      const fromId = full ? Math.max(f.horizon + 1, recent.oldest!) : f.horizon + 1;
      return { hits: recent.hits, cutoff: { fromId } };
    }
  }
  const all = windowed(f.db, match, f.where, f.limit);
  const cut = all.held >= RANK_WINDOW && all.oldest !== undefined;
  return { hits: all.hits, ...(cut ? { cutoff: { fromId: all.oldest! } } : {}) };
}

/** The later of two cut-offs: what an answer ranked from both can promise it looked at. */
export const later = (a: Cutoff | undefined, b: Cutoff | undefined): Cutoff | undefined =>
  a === undefined ? b : b === undefined ? a : { fromId: Math.max(a.fromId, b.fromId) };

/** What `search` is asked beyond the words and the filters. */
export interface FtsOptions {
  root?: string | undefined;
  /** Rank every match, however many (`--all-time`): no window, no horizon. */
  allTime?: boolean | undefined;
  /** Observations a rare term may be held by (`search.exactCap`; EXACT_CAP). */
  exactCap?: number | undefined;
}

/** The most documents a kept phrase list may hold under `search.exactCap` (term-lists.ts). */
export const listCap = (exactCap: number | undefined): number =>
  LIST_FACTOR * (exactCap ?? EXACT_CAP);

/**
 * The best `limit` observations for `query` under `filters`, best first: those matching every
 * term first, then (when they are fewer than `limit`) those matching any term. Ranked over the
 * whole index, rarest term first (fts-exact.ts); a query of common words only is ranked among its
 * newest matches (in a large memory, src/store/fulltext/search-horizon.ts, among the newest observations)
 * and the answer carries the cut-off; `allTime` ranks every match. One read transaction: every
 * count and ranking sees one state of the database, and its lock is taken once.
 */
export function ftsRank(
  db: Db,
  query: FtsQuery,
  filters: SearchFilters,
  limit: number,
  options: FtsOptions = {},
): FtsRanking {
  return readSnapshot(db, () => rankNow(db, query, filters, limit, options));
}

function rankNow(
  db: Db,
  query: FtsQuery,
  filters: SearchFilters,
  limit: number,
  options: FtsOptions,
): FtsRanking {
  const where = filterSql(filters, options.root);
  const share = filters.project === undefined ? undefined : shareOf(db, filters.project);
  const driver = driverFor(db, filters, share);
  const probed = driver === 'text' && probes(filters, share);
  const cap = listCap(options.exactCap);
  const rank: WholeRanker = whole(db, where, driver, probed, cap);
  if (driver === 'rows' || options.allTime) return exhaustive(query, limit, rank);
  const ranked = probed ? fromLists(db, query, where, limit, cap) : undefined;
  if (ranked) return ranked;
  const fallback: Fallback = {
    db,
    where,
    limit,
    horizon: horizonBoundary(db),
    listed: probed ? listed(db, where, limit, cap) : undefined,
  };
  // Under no filter an AND of fewer matches than a page and its OR part are ranked together.
  const together =
    where.sql === '1' && driver === 'text'
      ? exactAllAndAny(db, query, limit, rank, joint(db), options.exactCap)
      : undefined;
  const exactAnd =
    together?.all ?? exactAll(db, query.all, limit, rank, options.exactCap, query.terms);
  const and: FtsRanking = exactAnd ? { hits: exactAnd } : newestRanked(fallback, query.all);
  const all = and.hits.map((hit) => ({ ...hit, allTerms: true }));
  if (all.length >= limit || query.any === query.all) return { hits: all, cutoff: and.cutoff };
  const seen = new Set(all.map((hit) => hit.id));
  const rare: AnyRanking | undefined =
    together?.any ?? exactAny(db, query.anyTerms, limit, rank, options.exactCap);
  let any: FtsRanking;
  if (rare?.complete) any = { hits: rare.hits };
  else {
    // Fill from the newest matches: the rare-term rows found stay, ranked with the rest.
    const newest = newestRanked(fallback, query.any);
    const merged = new Map([...newest.hits, ...(rare?.hits ?? [])].map((hit) => [hit.id, hit]));
    const hits = [...merged.values()].sort((a, b) => a.score - b.score || b.id - a.id);
    any = { hits: hits.slice(0, limit), cutoff: newest.cutoff };
  }
  const rest = any.hits.filter((hit) => !seen.has(hit.id));
  return { hits: [...all, ...rest].slice(0, limit), cutoff: later(and.cutoff, any.cutoff) };
}

/** Every match ranked: the few rows under a narrow filter, or a search of all time. */
function exhaustive(query: FtsQuery, limit: number, rank: WholeRanker): FtsRanking {
  const all = rank(query.all, limit).map((hit) => ({ ...hit, allTerms: true }));
  if (all.length >= limit || query.any === query.all) return { hits: all };
  const seen = new Set(all.map((hit) => hit.id));
  const any = rank(query.any, limit).filter((hit) => !seen.has(hit.id));
  return { hits: [...all, ...any].slice(0, limit) };
}

/** {@link ftsRank}'s hits alone. */
export function ftsSearch(
  db: Db,
  query: FtsQuery,
  filters: SearchFilters,
  limit: number,
  root?: string,
): RankedId[] {
  return ftsRank(db, query, filters, limit, { root }).hits;
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
