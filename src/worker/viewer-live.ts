import type { Logger } from '../config/index.ts';
import { listSpool } from '../spool/index.ts';
import {
  FEED_KINDS,
  feedAfter,
  feedMarks,
  queueCounts,
  type Db,
  type FeedMarks,
} from '../store/index.ts';
import { presentItem } from './viewer-present.ts';

/** One server-sent event. */
export interface LiveMessage {
  event: 'item' | 'queue' | 'ping';
  data: string;
  id?: string;
}

/** What the live feed reads. */
export interface LiveDeps {
  db: Db;
  dataDir: string;
  now: () => number;
  log: Logger;
  /** How often the tables are polled while someone listens; default 400 ms. */
  intervalMs?: number;
  /** A ping after this long without a message keeps proxies and the browser content; 15 s. */
  heartbeatMs?: number;
}

/** The live stream behind GET /stream. */
export interface LiveFeed {
  /** Starts sending what is stored after `marks` (now, when undefined); returns the unsubscribe. */
  subscribe(
    marks: FeedMarks | undefined,
    send: (message: LiveMessage) => void,
    close: () => void,
  ): () => void;
  /** Polls soon (after an ingest) instead of at the next interval. */
  kick(): void;
  /** Ends every stream. */
  stop(): void;
}

/** `o12.s3.p40`: the id of an event, and where a reconnecting browser resumes (Last-Event-ID). */
export function encodeMarks(marks: FeedMarks): string {
  return `o${marks.observation}.s${marks.summary}.p${marks.prompt}`;
}

/** The marks of an event id; undefined when it is not one of ours. */
export function decodeMarks(text: string | undefined): FeedMarks | undefined {
  const match = /^o(\d{1,15})\.s(\d{1,15})\.p(\d{1,15})$/.exec(text ?? '');
  if (!match) return undefined;
  return { observation: Number(match[1]), summary: Number(match[2]), prompt: Number(match[3]) };
}

interface Subscriber {
  marks: FeedMarks;
  queue: string;
  lastSent: number;
  send(message: LiveMessage): void;
  close(): void;
}

const BATCH = 100;

/**
 * Polls the observations, summaries and prompts tables by id for every listener (the tables are
 * the truth: whoever writes them, compression, recall or a seed endpoint, needs no publish call),
 * plus the queue depth. Polls only while someone listens, and at once after an ingest.
 */
export function createLiveFeed(deps: LiveDeps): LiveFeed {
  const subscribers = new Set<Subscriber>();
  let timer: NodeJS.Timeout | undefined;
  let soon: NodeJS.Immediate | undefined;

  function queueState(): string {
    return JSON.stringify({ spool: listSpool(deps.dataDir).length, ...queueCounts(deps.db) });
  }

  function pull(sub: Subscriber, queue: string, now: number): void {
    const items = feedAfter(deps.db, sub.marks, BATCH).sort(
      (a, b) => FEED_KINDS.indexOf(a.kind) - FEED_KINDS.indexOf(b.kind) || a.id - b.id,
    );
    for (const item of items) {
      sub.marks = { ...sub.marks, [item.kind]: item.id };
      sub.send({
        event: 'item',
        id: encodeMarks(sub.marks),
        data: JSON.stringify(presentItem(item)),
      });
    }
    let sent = items.length > 0;
    if (queue !== sub.queue) {
      sub.send({ event: 'queue', data: queue });
      sub.queue = queue;
      sent = true;
    }
    if (!sent && now - sub.lastSent >= (deps.heartbeatMs ?? 15_000)) {
      sub.send({ event: 'ping', data: String(now) });
      sent = true;
    }
    if (sent) sub.lastSent = now;
  }

  function tick(): void {
    soon = undefined;
    if (subscribers.size === 0) return;
    try {
      const queue = queueState();
      for (const sub of subscribers) pull(sub, queue, deps.now());
    } catch (error) {
      // A busy database skips one poll; the next one catches up from the same marks.
      deps.log.log('warn', `live feed poll failed: ${String(error)}`);
    }
  }

  function ensureTimer(): void {
    if (timer || subscribers.size === 0) return;
    timer = setInterval(tick, deps.intervalMs ?? 400);
    timer.unref();
  }

  return {
    subscribe(marks, send, close) {
      const sub = { marks: marks ?? feedMarks(deps.db), queue: '', lastSent: 0, send, close };
      subscribers.add(sub);
      ensureTimer();
      soon ??= setImmediate(tick);
      return () => {
        subscribers.delete(sub);
        if (subscribers.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    kick() {
      if (subscribers.size > 0) soon ??= setImmediate(tick);
    },
    stop() {
      for (const sub of [...subscribers]) sub.close();
      subscribers.clear();
      if (timer) clearInterval(timer);
      if (soon) clearImmediate(soon);
      timer = undefined;
    },
  };
}
