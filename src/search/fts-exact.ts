import { stmt, type Db } from '../store/index.ts';
import type { FtsQuery } from './fts-query.ts';
import { keptCount } from './kept-counts.ts';

// Exact top-k over the whole full-text index, rarest term first (issue 32). bm25 adds one part
// per query term, and a term held by many documents can add little: at most idf * (k1 + 1). The
// documents holding a query's rare terms are few (each rare term's doclist is short), so they are
// ranked exactly over the whole index; every other document holds only common terms, and when the
// k-th best score found beats what the common terms together could add, nothing else can reach
// the top k. Only when it does not (a query of common words alone) does the caller fall back to
// ranking the newest matches, and says so.

/**
 * A term held by at most this many observations is rare: its documents are ranked whole. Each
 * count stops here, so the counts cost the same at any size; the ranking reads at most this many
 * documents a rare term (`search.exactCap`; bench/old-answers.ts).
 */
export const EXACT_CAP = 5000;

/** FTS5's bm25 parameter k1 (its default; b = 0.75 does not enter the bound). */
const K1 = 1.2;

/** The full-text index of every observation. */
const FTS = 'observations_fts';

/** One ranked match: lower scores are better (bm25 is negative). */
export interface ScoredId {
  id: number;
  score: number;
}

/**
 * Ranks the matches of `match` under the caller's filters over the whole index, best `limit`
 * first, leaving out the rows that match `exclude` when given.
 */
export type WholeRanker = (match: string, limit: number, exclude?: string) => ScoredId[];

/**
 * Ranks `match` once: its best `limit`, and apart every match that also matches `every` (`held`
 * of them, fewer than a page). bm25 reads each term's whole doclist to count its documents, once
 * a ranking: two rankings of the same terms read them twice (issue 32).
 */
export type JointRanker = (
  match: string,
  limit: number,
  every: string,
  held: number,
) => { hits: ScoredId[]; every: ScoredId[] };

/**
 * How many observations match `match`, counted up to `cap + 1`: counted once per state of the
 * database (kept-counts.ts).
 */
export function boundedCount(db: Db, match: string, cap = EXACT_CAP): number {
  return keptCount(
    db,
    `term ${cap} ${match}`,
    () =>
      stmt(db, `SELECT COUNT(*) FROM (SELECT 1 FROM ${FTS} WHERE ${FTS} MATCH @match LIMIT @cap)`)
        .pluck()
        .get({ match, cap: cap + 1 }) as number,
  );
}

/** The most bm25 lets one term held by more than `df` of at most `n` documents add. */
export function termBound(n: number, df: number): number {
  const idf = Math.log((n - df + 0.5) / (df + 0.5));
  // FTS5 floors a term's idf at 1e-6 (a term in more than half the documents).
  return (idf > 1e-6 ? idf : 1e-6) * (K1 + 1);
}

/** At least as many observations as there are (the newest id: no scan). */
const documentsAtMost = (db: Db): number =>
  (stmt(db, 'SELECT MAX(id) FROM observations').pluck().get() as number | null) ?? 0;

/**
 * The exact top `limit` of an AND query over the whole index when its matches are few (at most
 * EXACT_CAP: the query holds a rare term); undefined when they are many. An AND of `terms` (the
 * query's own) matches no more than its rarest term: a rare one among them (its count known
 * from earlier queries) settles it without counting the AND.
 */
export function exactAll(
  db: Db,
  match: string,
  limit: number,
  rank: WholeRanker,
  cap = EXACT_CAP,
  terms: readonly string[] = [],
): ScoredId[] | undefined {
  const few =
    (terms.length > 1 && terms.some((term) => boundedCount(db, term, cap) <= cap)) ||
    boundedCount(db, match, cap) <= cap;
  return few ? rank(match, limit) : undefined;
}

/** What the rare-terms ranking of an OR query found, and whether it is the whole top k. */
export interface AnyRanking {
  hits: ScoredId[];
  /** True when no observation outside `hits` can rank above the last of them. */
  complete: boolean;
}

/**
 * The top `limit` of an OR query of `terms` among the observations that hold a rare one, and
 * whether that is the whole index's top: the rows holding a rare and a common term are scored by
 * their query, the rows holding only rare terms by theirs (the common terms add nothing to them),
 * and a row holding only common terms can score at most the sum of their bounds. Undefined when
 * every term is common.
 */
export function exactAny(
  db: Db,
  terms: readonly string[],
  limit: number,
  rank: WholeRanker,
  cap = EXACT_CAP,
  rankBoth: (both: string) => ScoredId[] = (both) => rank(both, limit),
): AnyRanking | undefined {
  const counted = terms.map((term) => ({ term, df: boundedCount(db, term, cap) }));
  const rare = counted.filter((c) => c.df > 0 && c.df <= cap).map((c) => c.term);
  const common = counted.filter((c) => c.df > cap).map((c) => c.term);
  if (rare.length === 0) return undefined;
  const rareQuery = rare.join(' OR ');
  if (common.length === 0) return { hits: rank(rareQuery, limit), complete: true };
  const both = `(${rareQuery}) AND (${common.join(' OR ')})`;
  // Each phrase once in each query: bm25 adds a part per phrase, so a phrase twice counts twice.
  const hits = [...rankBoth(both), ...rank(rareQuery, limit, both)]
    .sort((a, b) => a.score - b.score || b.id - a.id)
    .slice(0, limit);
  const n = documentsAtMost(db);
  const bound = common.reduce((sum) => sum + termBound(n, cap + 1), 0);
  const last = hits[limit - 1];
  return { hits, complete: last !== undefined && -last.score >= bound };
}

/**
 * The AND query's matches and the OR query's rare-terms ranking from one ranking, when the AND
 * matches fewer than a page (they all come first, and the OR part is ranked anyway) and both
 * queries hold the same terms once each: the rows holding a rare and a common term include
 * every AND match, each scored by the same terms (bm25 adds a part per term present; summed in
 * another order, the score may differ in its last bit). Undefined when that does not hold: the
 * caller ranks them apart.
 */
export function exactAllAndAny(
  db: Db,
  query: FtsQuery,
  limit: number,
  rank: WholeRanker,
  joint: JointRanker,
  cap = EXACT_CAP,
): { all: ScoredId[]; any: AnyRanking } | undefined {
  const { terms, anyTerms } = query;
  const same =
    new Set(terms).size === terms.length &&
    terms.length === anyTerms.length &&
    terms.every((term) => anyTerms.includes(term) && !term.startsWith('('));
  if (!same) return undefined;
  const dfs = anyTerms.map((term) => boundedCount(db, term, cap));
  if (!dfs.some((df) => df > 0 && df <= cap) || !dfs.some((df) => df > cap)) return undefined;
  const held = boundedCount(db, query.all, cap);
  if (held === 0 || held >= limit) return undefined;
  let all: ScoredId[] | undefined;
  const any = exactAny(db, anyTerms, limit, rank, cap, (both) => {
    const ranked = joint(both, limit, query.all, held);
    all = ranked.every;
    return ranked.hits;
  });
  return any && all ? { all, any } : undefined;
}
