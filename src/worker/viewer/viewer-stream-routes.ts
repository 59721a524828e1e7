import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { decodeMarks, type LiveFeed } from './viewer-live.ts';

/** Browsers wait this long before reconnecting a dropped stream. */
const RETRY_MS = 1_500;

/**
 * GET /stream: server-sent events. `item` (a new observation, summary or prompt, as the feed API
 * returns it; its id says where to resume), `queue` (spool files, pending and failed events, when
 * it changes) and `ping` (heartbeat). A reconnecting EventSource sends Last-Event-ID and gets what
 * it missed; `?since=<id>` does the same for a fresh one.
 */
export function viewerStreamRoutes(live: LiveFeed): Hono {
  return new Hono().get('/stream', (c) => {
    const marks = decodeMarks(c.req.header('last-event-id') ?? c.req.query('since'));
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async function liveStream(stream) {
      let writes = stream.writeSSE({ event: 'hello', data: '{}', retry: RETRY_MS });
      let unsubscribe = (): void => undefined;
      await new Promise<void>((resolve) => {
        stream.onAbort(resolve);
        unsubscribe = live.subscribe(
          marks,
          (message) => {
            writes = writes.then(() => stream.writeSSE(message)).catch(resolve);
          },
          resolve,
        );
      });
      unsubscribe();
      await writes.catch(() => undefined);
    });
  });
}
