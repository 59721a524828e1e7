import type { Logger } from '../../config/index.ts';
import { listSpool } from '../../spool/index.ts';
import {
  FEED_KINDS,
  deletionsAfter,
  feedAfter,
  feedMarks,
  lastDeletion,
  queueCounts,
  type Db,
  type FeedMarks,
} from '../../store/index.ts';
import { presentItem } from './viewer-present.ts';

/** One server-sent event. */
export interface LiveMessage {
  event: 'item' | 'removed' | 'queue' | 'ping';
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

/** Where a stream is: the last id sent of each kind, and of the deletions table. */
export interface LiveMarks extends FeedMarks {
  deletion: number;
}

/** Marks read from a browser: an id from before deletions were streamed has none. */
export type ResumeMarks = FeedMarks & { deletion?: number };

/** The live stream behind GET /stream. */
export interface LiveFeed {
  /** Starts sending what is stored after `marks` (now, when undefined); returns the unsubscribe. */
  subscribe(
    marks: ResumeMarks | undefined,
    send: (message: LiveMessage) => void,
    close: () => void,
  ): () => void;
  /** Polls soon (after an ingest) instead of at the next interval. */
  kick(): void;
  /** Ends every stream. */
  stop(): void;
}

/** `o12.s3.p40.d5`: the id of an event, and where a reconnecting browser resumes (Last-Event-ID). */
export function encodeMarks(marks: LiveMarks): string {
  return `o${marks.observation}.s${marks.summary}.p${marks.prompt}.d${marks.deletion}`;
}

/** The marks of an event id; undefined when it is not one of ours. */
export function decodeMarks(text: string | undefined): ResumeMarks | undefined {
  const match = /^o(\d{1,15})\.s(\d{1,15})\.p(\d{1,15})(?:\.d(\d{1,15}))?$/.exec(text ?? '');
  if (!match) return undefined;
  const marks = {
    observation: Number(match[1]),
    summary: Number(match[2]),
    prompt: Number(match[3]),
  };
  return match[4] === undefined ? marks : { ...marks, deletion: Number(match[4]) };
}

interface Subscriber {
  marks: LiveMarks;
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
    // Deletions are read from their own table (filled by triggers), whoever deleted: a card
    // forgotten from the CLI or by retention leaves the open viewer too.
    const gone = deletionsAfter(deps.db, sub.marks.deletion, BATCH * 10);
    const last = gone.at(-1);
    if (last) {
      sub.marks = { ...sub.marks, deletion: last.id };
      const keys = gone.map((deletion) => `${deletion.kind}:${deletion.itemId}`);
      sub.send({ event: 'removed', id: encodeMarks(sub.marks), data: JSON.stringify({ keys }) });
    }
    let sent = items.length > 0 || last !== undefined;
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
      const start = { ...(marks ?? feedMarks(deps.db)) };
      const sub = {
        marks: { ...start, deletion: marks?.deletion ?? lastDeletion(deps.db) },
        queue: '',
        lastSent: 0,
        send,
        close,
      };
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
