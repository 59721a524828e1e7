import { stmt, type Db } from '../store/index.ts';
import { projectOnly, type FilterSql } from './filters.ts';
import type { ScoredId } from './fts-exact.ts';
import { rankFromLists } from './list-rank.ts';

// The full-text probe's page from the kept phrase lists (list-rank.ts), filtered as the probe's
// own join filters FTS5's best matches (fts-search.ts).

/**
 * Under no filter, or a project holding at least a quarter of all observations (fts-search.ts),
 * the index ranks its best PROBE_DEPTH x `limit` matches alone and only those are looked up and
 * filtered: the seek into observations per match cost as much as ranking it (issue 33). The
 * filtered rows keep the whole index's order and scores (bm25 reads the whole index either way),
 * so when a page of them is among the probed the answer is the same; when not, every match is
 * filtered as before.
 */
export const PROBE_DEPTH = 8;

/**
 * Whether `project` holds every observation (one project's store): its filter then keeps every
 * match, and looking each one up cost a search a tenth of its time (issue 33). Asked of the rows
 * themselves (two seeks in observations_by_project), not of observation_counts, which raw SQL
 * can set; and in the ranking's read transaction (ftsRank), so a row the ranking holds is here.
 */
function holdsEvery(db: Db, project: string | undefined): boolean {
  if (project === undefined) return false;
  return (
    stmt(
      db,
      `SELECT NOT EXISTS (SELECT 1 FROM observations WHERE project < @project)
         AND NOT EXISTS (SELECT 1 FROM observations WHERE project > @project)`,
    )
      .pluck()
      .get({ project }) === 1
  );
}

/**
 * The first `limit` of `ranked` (the whole index's best, in order) that are under the filters:
 * what the probe's join keeps, looked up by id.
 */
function inScope(db: Db, ranked: ScoredId[], where: FilterSql, limit: number): ScoredId[] {
  if (where.sql === '1' || holdsEvery(db, projectOnly(where))) return ranked.slice(0, limit);
  const kept: ScoredId[] = [];
  // A page and as many again first: under a project of a quarter or more of the index, most
  // pages are found there and the rest of the probe is never looked up.
  for (let from = 0, size = 2 * limit; from < ranked.length && kept.length < limit;) {
    const part = ranked.slice(from, from + size);
    const ids = JSON.stringify(part.map((hit) => hit.id));
    const under = new Set(
      stmt(
        db,
        `SELECT o.id FROM json_each(@ids) probed CROSS JOIN observations o ON o.id = probed.value
         WHERE ${where.sql}`,
      )
        .pluck()
        .all({ ...where.params, ids }) as number[],
    );
    kept.push(...part.filter((hit) => under.has(hit.id)));
    from += size;
    size = ranked.length;
  }
  return kept.slice(0, limit);
}

/**
 * The probe from the kept phrase lists (list-rank.ts), when each of the match's phrases has one
 * (held by at most `cap` documents and read: term-lists.ts says when): the whole index's
 * best PROBE_DEPTH x `limit`, those under the filters kept. `complete` when that is the answer:
 * a page under the filters, or every match.
 */
export function listedPage(db: Db, match: string, where: FilterSql, limit: number, cap: number) {
  const depth = limit * PROBE_DEPTH;
  const kept = rankFromLists(db, match, depth, cap);
  if (!kept) return undefined;
  const hits = inScope(db, kept, where, limit);
  return { hits, complete: hits.length >= limit || kept.length < depth };
}

/** A query of common words ranked exactly from the lists before a window, when they answer it. */
export const listed =
  (db: Db, where: FilterSql, limit: number, cap: number) =>
  (match: string): ScoredId[] | undefined => {
    const page = listedPage(db, match, where, limit, cap);
    return page?.complete ? page.hits : undefined;
  };
