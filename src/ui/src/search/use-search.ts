import { useCallback, useEffect, useState } from 'react';
import { api } from '../api.ts';
import type { FeedFilter, FeedItem, ObservationItem, SearchMode } from '../api-types.ts';
import { useLatestRequest } from '../shared/use-latest-request.ts';

interface SearchState {
  items: ObservationItem[];
  offset: number;
  hasMore: boolean;
  loading: boolean;
  error: string | undefined;
}

/** Search results as full observation cards, page by page. */
export interface Search extends SearchState {
  active: boolean;
  loadMore(): void;
  replace(item: FeedItem): void;
  remove(key: string): void;
}

const EMPTY: SearchState = {
  items: [],
  offset: 0,
  hasMore: false,
  loading: false,
  error: undefined,
};

/** GET /api/search for `q` (the ranked ids), then the full records of those ids. */
export function useSearch(q: string, mode: SearchMode, filter: FeedFilter): Search {
  const { project, type, scope, author, agent } = filter;
  const [state, setState] = useState<SearchState>(EMPTY);
  const active = q.trim() !== '';
  const { run, cancel } = useLatestRequest(setState);

  const load = useCallback(
    (offset: number) => {
      const page = async () => {
        const found = await api.search(q, mode, { project, type, scope, author, agent }, offset);
        const ids = found.items.map((hit) => hit.id);
        const full = ids.length > 0 ? (await api.observations(ids)).items : [];
        return { full, hasMore: found.hasMore, offset: offset + ids.length };
      };
      run(page(), (s, result) => ({
        items: offset === 0 ? result.full : [...s.items, ...result.full],
        offset: result.offset,
        hasMore: result.hasMore,
        loading: false,
        error: undefined,
      }));
    },
    [q, mode, project, type, scope, author, agent, run],
  );

  useEffect(() => {
    cancel();
    setState(EMPTY);
    if (active) load(0);
  }, [active, load, cancel]);

  const loadMore = useCallback(() => {
    if (!state.loading && state.hasMore) load(state.offset);
  }, [load, state.loading, state.hasMore, state.offset]);

  const replace = useCallback((item: FeedItem) => {
    if (item.kind !== 'observation') return;
    setState((s) => ({ ...s, items: s.items.map((old) => (old.key === item.key ? item : old)) }));
  }, []);

  const remove = useCallback((key: string) => {
    setState((s) => ({ ...s, items: s.items.filter((item) => item.key !== key) }));
  }, []);

  return { ...state, active, loadMore, replace, remove };
}
