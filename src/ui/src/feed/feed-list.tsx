import type { FeedItem } from '../api-types.ts';
import { LoadMore } from './load-more.tsx';
import type { CardEvents } from './observation-actions.tsx';
import { ObservationCard } from './observation-card.tsx';
import { PromptCard } from './prompt-card.tsx';
import { SummaryCard } from './summary-card.tsx';
import { ErrorLine } from '../shared/error-line.tsx';

/** A list of cards, with the next page loaded when its end scrolls into view. */
export function FeedList(
  props: {
    items: FeedItem[];
    loading: boolean;
    hasMore: boolean;
    error: string | undefined;
    empty: string;
    onLoadMore(): void;
  } & CardEvents,
) {
  return (
    <section className="feed" aria-busy={props.loading}>
      <ol className="cards">
        {props.items.map((item) => (
          <li key={item.key}>{card(item, props)}</li>
        ))}
      </ol>
      <ErrorLine error={props.error} />
      {!props.loading && props.items.length === 0 && !props.error && (
        <p className="empty">{props.empty}</p>
      )}
      <LoadMore loading={props.loading} hasMore={props.hasMore} onLoad={props.onLoadMore} />
    </section>
  );
}

function card(item: FeedItem, events: CardEvents) {
  switch (item.kind) {
    case 'observation':
      return (
        <ObservationCard item={item} onChanged={events.onChanged} onDeleted={events.onDeleted} />
      );
    case 'summary':
      return <SummaryCard item={item} onChanged={events.onChanged} />;
    case 'prompt':
      return <PromptCard item={item} />;
    default:
      return item satisfies never;
  }
}
