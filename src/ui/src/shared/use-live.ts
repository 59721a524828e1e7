import { useCallback, useEffect, useRef, useState } from 'react';
import { openStream } from '../api.ts';
import type { FeedItem, QueueDepth } from '../api-types.ts';

/** The live stream: connection state, queue depth, and who wants its items. */
export interface Live {
  state: 'live' | 'reconnecting';
  queue: QueueDepth | undefined;
  /** Calls `listener` for every new item until the returned function is called. */
  subscribe(listener: (item: FeedItem) => void): () => void;
}

/** Opens GET /stream once for the page. */
export function useLive(): Live {
  const [state, setState] = useState<Live['state']>('reconnecting');
  const [queue, setQueue] = useState<QueueDepth>();
  const listeners = useRef(new Set<(item: FeedItem) => void>());
  useEffect(
    () =>
      openStream({
        item: (item) => listeners.current.forEach((listener) => listener(item)),
        queue: setQueue,
        state: setState,
      }),
    [],
  );
  const subscribe = useCallback((listener: (item: FeedItem) => void) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  return { state, queue, subscribe };
}
