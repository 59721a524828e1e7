import { useCallback, useEffect, useRef, useState } from 'react';
import { openStream } from '../api.ts';
import type { FeedItem, QueueDepth } from '../api-types.ts';

/** What the stream says changed: a new item, or the keys of items deleted (from anywhere). */
export type LiveChange = { kind: 'item'; item: FeedItem } | { kind: 'removed'; keys: string[] };

/** The live stream: connection state, queue depth, and who wants its changes. */
export interface Live {
  state: 'live' | 'reconnecting';
  queue: QueueDepth | undefined;
  /** Calls `listener` for every change until the returned function is called. */
  subscribe(listener: (change: LiveChange) => void): () => void;
}

/** Opens GET /stream once for the page. */
export function useLive(): Live {
  const [state, setState] = useState<Live['state']>('reconnecting');
  const [queue, setQueue] = useState<QueueDepth>();
  const listeners = useRef(new Set<(change: LiveChange) => void>());
  useEffect(() => {
    const tell = (change: LiveChange) => listeners.current.forEach((listener) => listener(change));
    return openStream({
      item: (item) => tell({ kind: 'item', item }),
      removed: (keys) => tell({ kind: 'removed', keys }),
      queue: setQueue,
      state: setState,
    });
  }, []);
  const subscribe = useCallback((listener: (change: LiveChange) => void) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  return { state, queue, subscribe };
}
