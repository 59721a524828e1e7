import type { RankedId } from './fts-search.ts';
import { MAX_QUERY_CHARS } from './fts-query.ts';
import { reciprocalRankFusion, RRF_K } from './rrf.ts';
import type { Searcher, SearchRequest, SearchResult } from './search.ts';
import { SearchInputError } from './search-input-error.ts';

/** Most phrasings of one need a search takes (the MCP tool asks for 2-4). */
export const MAX_PHRASINGS = 5;

/** Ranked candidates each phrasing contributes to the fusion, at least. */
const PHRASING_DEPTH = 30;

/**
 * The distinct non-empty phrasings of a search, in order. Too many, or one too long, is a
 * SearchInputError naming `field`: a caller's mistake, said in its words.
 */
export function checkPhrasings(phrasings: readonly string[], field = 'q'): string[] {
  if (phrasings.length > MAX_PHRASINGS) {
    throw new SearchInputError(
      field,
      `expected at most ${MAX_PHRASINGS} phrasings of the same need, got ${phrasings.length}`,
    );
  }
  const long = phrasings.findIndex((text) => text.length > MAX_QUERY_CHARS * 2);
  if (long !== -1) {
    throw new SearchInputError(
      field,
      `phrasing ${long + 1} is ${phrasings[long]!.length} characters; expected at most ${MAX_QUERY_CHARS * 2}`,
    );
  }
  return [...new Set(phrasings.map((text) => text.trim()).filter((text) => text !== ''))];
}

const modeOf = (results: readonly SearchResult[]): SearchResult['mode'] =>
  results.find((result) => result.mode === 'hybrid')?.mode ?? results[0]?.mode ?? 'fts';

/**
 * One search for several phrasings of the same need: each is ranked as a search of its own
 * (full text, vectors or both, as configured), and the rankings are fused by reciprocal rank,
 * so a memory that several phrasings find, or that one phrasing finds near the top, comes
 * first. One phrasing (or none) is a plain search.
 */
export async function searchPhrasings(
  searcher: Searcher,
  request: SearchRequest,
  phrasings: readonly string[],
): Promise<SearchResult> {
  if (phrasings.length <= 1) return searcher.search({ ...request, query: phrasings[0] ?? '' });
  const depth = Math.max(request.offset + request.limit + 1, PHRASING_DEPTH);
  const results = await Promise.all(
    phrasings.map((query) => searcher.search({ ...request, query, offset: 0, limit: depth })),
  );
  const fused = reciprocalRankFusion(
    results.map((result) => result.hits.map((hit) => hit.id)),
    RRF_K,
  );
  const end = request.offset + request.limit;
  const hits: RankedId[] = fused
    .slice(request.offset, end)
    .map((hit) => ({ id: hit.id, score: -hit.score }));
  const notes = [...new Set(results.flatMap((result) => (result.note ? [result.note] : [])))];
  // The fused answer looked back as far as its shortest-sighted phrasing.
  const partial = results
    .flatMap((result) => (result.partial ? [result.partial] : []))
    .sort((a, b) => b.from - a.from)[0];
  return {
    ...(partial ? { partial } : {}),
    hits,
    mode: modeOf(results),
    hasMore: fused.length > end || results.some((result) => result.hasMore),
    ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
  };
}
