import { useEffect, useRef } from 'react';

/** Loads the next page when it scrolls into view; the button does the same from the keyboard. */
export function LoadMore(props: { loading: boolean; hasMore: boolean; onLoad(): void }) {
  const ref = useRef<HTMLDivElement>(null);
  const { onLoad, hasMore, loading } = props;
  useEffect(() => {
    const target = ref.current;
    // Observed anew after each page: a sentinel still in view then loads the next one.
    if (!target || !hasMore || loading) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoad();
      },
      { rootMargin: '400px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [onLoad, hasMore, loading]);
  return (
    <div className="load-more" ref={ref}>
      {props.loading && <span className="spinner" aria-label="Loading" />}
      {!props.loading && props.hasMore && (
        <button type="button" onClick={props.onLoad}>
          Load more
        </button>
      )}
    </div>
  );
}
