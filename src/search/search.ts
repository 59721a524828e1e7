import type { SearchMode } from '../domain/index.ts';
import { stmt, type Db } from '../store/index.ts';
import type { EmbeddingRuntime } from './embedding-runtime.ts';
import type { SearchFilters } from './filters.ts';
import { buildFtsQuery, type FtsQuery } from './fts-query.ts';
import { ftsRank, later, recentIds, type Cutoff, type RankedId } from './fts-search.ts';
import { reciprocalRankFusion, RRF_K } from './rrf.ts';
import type { NearestSearch, VectorScope } from './vector-scope.ts';

/** Where vector search runs: sqlite-vec in the database, or a Chroma server. */
export interface NearestVectors {
  search: NearestSearch<RankedId[] | Promise<RankedId[]>>;
}

/** One search. An empty query lists the newest observations under the filters. */
export interface SearchRequest {
  query: string;
  filters: SearchFilters;
  limit: number;
  offset: number;
  /** Overrides the configured mode. */
  mode?: SearchMode | undefined;
  /** The project's root folder, for relative file filters. */
  root?: string | undefined;
  /** Rank every match however old (`--all-time`): no window, no horizon. */
  allTime?: boolean | undefined;
}

/** What a search did not look at: matches older than `from` were not ranked. */
export interface SearchPartial {
  /** created_at (ms) of the oldest observation the ranking looked at. */
  from: number;
  /** How to search everything. */
  widen: string;
}

/** How to widen a partial search, said the same way by the CLI, the API and MCP. */
export const WIDEN =
  'older matches were not ranked: search again with --all-time (API all_time=1, MCP allTime: true) or --until';

/** Ranked ids and how they were ranked (`recent` for an empty query). */
export interface SearchResult {
  hits: RankedId[];
  mode: SearchMode | 'recent';
  hasMore: boolean;
  /** Why the ranking is not the one asked for (the vector store could not be reached). */
  note?: string;
  /** Set when the ranking stopped short of the oldest matches (a query of common words only). */
  partial?: SearchPartial;
}

/** Search over observations. */
export interface Searcher {
  search(request: SearchRequest): Promise<SearchResult>;
}

/** The searcher's parts; without `vectors` and `runtime` it is full-text only. */
export interface SearcherDeps {
  db: Db;
  mode: SearchMode;
  vectors?: NearestVectors | undefined;
  runtime?: EmbeddingRuntime | undefined;
  /**
   * Cosine similarity a vector-only match must reach (`search.minSimilarity`): vectors always
   * have nearest neighbours, so without a floor nonsense finds everything. 0 keeps all.
   */
  minSimilarity?: number | undefined;
  /** Weight of the vector ranking in hybrid fusion (full text 1); default HYBRID_WEIGHTS[1]. */
  vectorWeight?: number | undefined;
  /** Observations a rare query term may be held by (`search.exactCap`). */
  exactCap?: number | undefined;
}

/** Candidates each ranking contributes to hybrid fusion, at least. */
const FUSION_DEPTH = 30;

/**
 * Weights of the full-text and the vector ranking in the fusion. The offline model's vectors
 * rank far worse than full text alone (recall@10 32-35% against 62%), so they mostly break ties
 * and order near-equal matches. Measured with bench/recall.ts (--known-items 100) on two pairs of
 * LoCoMo conversations, hybrid recall@5 / @10 against fts alone:
 *   conv-26,30 (fts 53.7 / 61.5): weight 0.25 -> 49.8 / 59.7, weight 0.1 -> 55.0 / 61.5
 *   conv-41,42 (fts 53.7 / 62.3): weight 0.25 -> 50.3 / 63.1, weight 0.1 -> 54.0 / 63.7
 * Known items in the top 5: 91% at either weight (fts 93%). Min-max score fusion at 0.85 / 0.15
 * was no better (53.2 / 63.2 and 55.4 / 63.1).
 */
const HYBRID_WEIGHTS = [1, 0.1] as const;
// A stronger embedder earns more: its weight comes from its recipe (embedders/recipes.ts).

/**
 * Reciprocal rank fusion of the two rankings, except that matches holding every query word
 * stay ahead of the rest (in fused order): an exact hit must not be outvoted by neighbours.
 */
function fuse(
  text: readonly RankedId[],
  near: readonly RankedId[],
  vectorWeight: number = HYBRID_WEIGHTS[1],
): RankedId[] {
  const exact = new Set(text.filter((hit) => hit.allTerms).map((hit) => hit.id));
  const fused = reciprocalRankFusion(
    [text.map((hit) => hit.id), near.map((hit) => hit.id)],
    RRF_K,
    [HYBRID_WEIGHTS[0], vectorWeight],
  );
  return [
    ...fused.filter((hit) => exact.has(hit.id)),
    ...fused.filter((hit) => !exact.has(hit.id)),
  ];
}

/** Nearest neighbours close enough to count (score is the cosine distance, 1 - similarity). */
function closeEnough(hits: readonly RankedId[], minSimilarity: number): RankedId[] {
  return hits.filter((hit) => 1 - hit.score >= minSimilarity);
}

/** A ranking and, when it stopped short of the oldest matches, where. */
interface Ranked {
  hits: RankedId[];
  mode: SearchMode;
  note?: string;
  cutoff?: Cutoff | undefined;
}

async function rank(
  deps: SearcherDeps,
  request: SearchRequest,
  fts: FtsQuery,
  need: number,
): Promise<Ranked> {
  const wanted = request.mode ?? deps.mode;
  const vector =
    wanted === 'fts' || !deps.vectors ? undefined : await deps.runtime?.queryVector(request.query);
  const { db, vectors } = deps;
  const floor = deps.minSimilarity ?? 0;
  const options = { root: request.root, allTime: request.allTime, exactCap: deps.exactCap };
  const fullText = (limit: number) => ftsRank(db, fts, request.filters, limit, options);
  if (!vector || !vectors) return { ...fullText(need), mode: 'fts' };
  const depth = wanted === 'vector' ? need : Math.max(need, FUSION_DEPTH);
  let nearest: RankedId[];
  let shortlist: Cutoff | undefined;
  const scope: VectorScope = {
    allTime: request.allTime,
    onCutoff: (cutoff) => (shortlist = cutoff),
  };
  try {
    nearest = await vectors.search(vector, request.filters, depth, request.root, scope);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ...fullText(need),
      mode: 'fts',
      note: `vector store unreachable (${reason}): full-text results only`,
    };
  }
  if (wanted === 'vector')
    return { hits: closeEnough(nearest, floor), mode: 'vector', cutoff: shortlist };
  const text = fullText(depth);
  // Full-text matches always count; the vectors add only neighbours near enough to mean it.
  const found = new Set(text.hits.map((hit) => hit.id));
  const near = nearest.filter((hit) => found.has(hit.id) || 1 - hit.score >= floor);
  const hits = fuse(text.hits, near, deps.vectorWeight).slice(0, need);
  return { hits, mode: 'hybrid', cutoff: later(text.cutoff, shortlist) };
}

const withPartial = (partial: SearchPartial | undefined) => (partial ? { partial } : {});

/** The cut-off said for people: from when the ranking looked, and how to widen it. */
function partialOf(db: Db, cutoff: Cutoff | undefined): SearchPartial | undefined {
  if (cutoff === undefined) return undefined;
  const from = stmt(db, 'SELECT created_at FROM observations WHERE id >= ? ORDER BY id LIMIT 1')
    .pluck()
    .get(cutoff.fromId) as number | undefined;
  return from === undefined ? undefined : { from, widen: WIDEN };
}

/**
 * Full-text (bm25 with field weights), vector (sqlite-vec KNN) or hybrid (reciprocal rank
 * fusion of both) search. Vector and hybrid fall back to full text while no query vector can be
 * had (embedder off, not loaded yet, failing); the result says which mode ran.
 */
export function createSearcher(deps: SearcherDeps): Searcher {
  return {
    async search(request) {
      const need = request.offset + request.limit + 1;
      const fts = buildFtsQuery(request.query);
      const ranked =
        request.query.trim() === ''
          ? {
              hits: recentIds(deps.db, request.filters, need, request.root),
              mode: 'recent' as const,
            }
          : fts
            ? await rank(deps, request, fts, need)
            : { hits: [], mode: 'fts' as const };
      return {
        hits: ranked.hits.slice(request.offset, request.offset + request.limit),
        mode: ranked.mode,
        hasMore: ranked.hits.length > request.offset + request.limit,
        ...('note' in ranked && ranked.note ? { note: ranked.note } : {}),
        ...withPartial(partialOf(deps.db, 'cutoff' in ranked ? ranked.cutoff : undefined)),
      };
    },
  };
}
