import { useEffect, useState } from 'react';
import type { FeedItem, Project } from '../api-types.ts';
import { useSearch } from '../search/use-search.ts';
import { SearchNote } from '../search/search-note.tsx';
import { useDebounced } from '../shared/use-debounced.ts';
import type { Live } from '../shared/use-live.ts';
import { FeedList } from './feed-list.tsx';
import { Filters, type FilterValues } from './filters.tsx';
import { useFeed } from './use-feed.ts';
import { RefusedProvider, useRefusedRows } from './use-refused.ts';
import './feed.css';

/** The feed (or, with a query, the search results), its filters, and live items merged in. */
export function FeedPage(props: {
  filters: FilterValues;
  onFilters(values: FilterValues): void;
  projects: Project[];
  live: Live;
  onChange(): void;
}) {
  const f = props.filters;
  const author = useDebounced(f.author, 250);
  const filter = { project: f.project, type: f.type, scope: f.scope, author, agent: f.agent };
  const feed = useFeed(filter);
  const query = useDebounced(f.query, 250);
  const search = useSearch(query, f.mode, filter);
  const [edits, setEdits] = useState(0);
  const refused = useRefusedRows(edits);
  const { subscribe } = props.live;
  const { addLive, remove } = feed;
  const removeFound = search.remove;
  useEffect(
    () =>
      subscribe((change) => {
        if (change.kind === 'item') addLive(change.item);
        else
          for (const key of change.keys) {
            remove(key);
            removeFound(key);
          }
      }),
    [subscribe, addLive, remove, removeFound],
  );

  const events = {
    onChanged: (item: FeedItem) => {
      feed.replace(item);
      search.replace(item);
      setEdits((n) => n + 1);
      props.onChange();
    },
    onDeleted: (item: FeedItem) => {
      feed.remove(item.key);
      search.remove(item.key);
      props.onChange();
    },
  };
  const shown = search.active
    ? {
        ...search,
        hasMore: search.hasMore,
        onLoadMore: search.loadMore,
        empty: 'Nothing matches this search.',
      }
    : {
        ...feed,
        hasMore: feed.next !== null,
        onLoadMore: feed.loadMore,
        empty: 'No memories here yet.',
      };
  return (
    <main className="page feed-page" id="main">
      <Filters values={f} projects={props.projects} onChange={props.onFilters} />
      {search.active && (
        <SearchNote query={query} type={f.type} count={search.items.length} more={search.hasMore} />
      )}
      <RefusedProvider value={refused}>
        <FeedList
          items={shown.items}
          loading={shown.loading}
          hasMore={shown.hasMore}
          error={shown.error}
          empty={shown.empty}
          onLoadMore={shown.onLoadMore}
          {...events}
        />
      </RefusedProvider>
    </main>
  );
}
