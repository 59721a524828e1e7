import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../api.ts';
import type { FeedFilter, FeedItem } from '../api-types.ts';
import { useLatestRequest } from '../shared/use-latest-request.ts';
import { matchesFilter, mergeItems, newestFirst } from './feed-order.ts';

interface FeedState {
  items: FeedItem[];
  /** The next page's cursor; null at the end. */
  next: string | null;
  loading: boolean;
  error: string | undefined;
}

/** The feed as the user scrolls it, with live items merged in and no duplicates. */
export interface Feed extends FeedState {
  loadMore(): void;
  addLive(item: FeedItem): void;
  replace(item: FeedItem): void;
  remove(key: string): void;
}

const START: FeedState = { items: [], next: null, loading: true, error: undefined };

/** Pages of GET /api/feed for `filter`, newest first. */
export function useFeed(given: FeedFilter): Feed {
  const { project, type, scope, author, agent } = given;
  const filter = useMemo(
    () => ({ project, type, scope, author, agent }),
    [project, type, scope, author, agent],
  );
  const [state, setState] = useState<FeedState>(START);
  const live = useRef({ filter, state });
  live.current = { filter, state };
  const { run } = useLatestRequest(setState);

  const load = useCallback(
    (before: string | undefined) =>
      run(api.feed(filter, before), (s, page) => ({
        items: before === undefined ? page.items : mergeItems(s.items, page.items),
        next: page.next,
        loading: false,
        error: undefined,
      })),
    [filter, run],
  );

  useEffect(() => {
    setState(START);
    load(undefined);
  }, [load]);

  const loadMore = useCallback(() => {
    const { state: s } = live.current;
    if (!s.loading && s.next !== null) load(s.next);
  }, [load]);

  const addLive = useCallback((item: FeedItem) => {
    if (!matchesFilter(item, live.current.filter)) return;
    setState((s) => {
      const last = s.items.at(-1);
      // Older than what is loaded while more pages remain: it will come with its page.
      if (s.next !== null && last && newestFirst(item, last) > 0) return s;
      return { ...s, items: mergeItems(s.items, [item]) };
    });
  }, []);

  const replace = useCallback((item: FeedItem) => {
    setState((s) => ({ ...s, items: s.items.map((old) => (old.key === item.key ? item : old)) }));
  }, []);

  const remove = useCallback((key: string) => {
    setState((s) => ({ ...s, items: s.items.filter((item) => item.key !== key) }));
  }, []);

  return { ...state, loadMore, addLive, replace, remove };
}
