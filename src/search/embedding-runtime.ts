import type { Logger } from '../config/index.ts';
import { embedText } from './embed-text.ts';
import type { Embedder } from './embedders/embedder.ts';
import { createPoller } from '../config/index.ts';
import type { VectorIndex } from './vector-index.ts';

/** Where the embedder is: off, not loaded yet, loading, backfilling, caught up, failing. */
export type EmbeddingState = 'off' | 'idle' | 'loading' | 'embedding' | 'ready' | 'error';

/** The progress indicator of /api/recall/status. */
export interface EmbeddingStatus {
  state: EmbeddingState;
  model: string | null;
  embedded: number;
  total: number;
  error?: string;
}

/** Background embedding of observations, and query vectors for search. */
export interface EmbeddingRuntime {
  /** Starts polling for observations without (current) vectors. */
  start(): void;
  /** Runs a pass soon (coalesced with one in flight). */
  kick(): void;
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>;
  status(): EmbeddingStatus;
  /** The query's vector when vectors are ready; undefined (never waiting for a load) otherwise. */
  queryVector(text: string): Promise<Float32Array | undefined>;
  /** Embeds until nothing is pending (tests, benchmarks). Rejects on an embedder error. */
  drain(): Promise<void>;
}

/** What the runtime needs. */
export interface EmbeddingRuntimeOptions {
  index: VectorIndex;
  embedder: Embedder;
  /** A cheap "did observations change?" mark, compared between passes. */
  changeMark: () => string;
  log: Logger;
  now?: () => number;
  intervalMs?: number;
  batchSize?: number;
  /** Called after each batch of vectors is stored (the Chroma store copies them on). */
  onStored?: () => void;
}

const CACHE_SIZE = 128;
const yieldToLoop = (): Promise<void> => new Promise((done) => setImmediate(done));

interface RunState {
  value: EmbeddingState;
  error: string;
  loaded: boolean;
  idleMark: string;
}

async function embedBatch(o: EmbeddingRuntimeOptions, state: RunState): Promise<number> {
  const rows = o.index.pending(o.embedder.id, o.batchSize ?? 8);
  if (rows.length === 0) return 0;
  state.value = 'embedding';
  const vectors = await o.embedder.embed(rows.map(embedText));
  o.index.store(
    o.embedder.id,
    rows.map((row, i) => ({ row, vector: vectors[i]! })),
    (o.now ?? Date.now)(),
  );
  o.onStored?.();
  return rows.length;
}

const progress = (o: EmbeddingRuntimeOptions): string => {
  const { embedded, total } = o.index.counts(o.embedder.id);
  return `${embedded}/${total}`;
};

/** Loads the model the first time there is something to embed. False: nothing to do yet. */
async function ensureLoaded(o: EmbeddingRuntimeOptions, state: RunState): Promise<boolean> {
  if (state.loaded) return true;
  if (o.index.counts(o.embedder.id).total === 0) return false;
  state.value = 'loading';
  await o.embedder.embed(['warm up']);
  state.loaded = true;
  o.log.log('info', `embedder ${o.embedder.id} loaded`);
  return true;
}

/** One pass: embed everything pending, in batches, yielding to the event loop in between. */
async function embedPass(o: EmbeddingRuntimeOptions, state: RunState, stopped: () => boolean) {
  const mark = o.changeMark();
  if ((mark === state.idleMark && state.loaded) || !(await ensureLoaded(o, state))) return;
  let done = 0;
  for (let n = await embedBatch(o, state); n > 0 && !stopped(); n = await embedBatch(o, state)) {
    done += n;
    if (done % 512 < n) o.log.log('info', `embedding: ${progress(o)}`);
    await yieldToLoop();
  }
  if (done > 0) o.log.log('info', `embedding caught up: ${progress(o)}`);
  state.idleMark = mark;
  state.value = 'ready';
  state.error = '';
}

/**
 * Embeds observations in the worker, asynchronously and in small batches so the event loop stays
 * responsive, newest first. The model loads on the first pass that finds observations, never for
 * a query: until it is loaded and vectors exist, `queryVector` answers undefined and search uses
 * full text. Failures back off exponentially up to 5 minutes.
 */
export function createEmbeddingRuntime(o: EmbeddingRuntimeOptions): EmbeddingRuntime {
  const state: RunState = { value: 'idle', error: '', loaded: false, idleMark: '' };
  let stopped = false;
  const cache = new Map<string, Float32Array>();
  const poller = createPoller({
    run: () => embedPass(o, state, () => stopped),
    intervalMs: o.intervalMs ?? 2000,
    now: o.now,
    onError(error) {
      state.value = 'error';
      state.error = error instanceof Error ? error.message : String(error);
      o.log.log('warn', `embedding failed, retrying later: ${state.error}`);
    },
  });
  const ready = (): boolean => state.loaded && o.index.model() === o.embedder.id;
  const embedQuery = async (text: string): Promise<Float32Array | undefined> => {
    const [vector] = await o.embedder.embed([text]);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    if (vector) cache.set(text, vector);
    return vector;
  };
  return {
    start: poller.start,
    kick: poller.kick,
    async stop() {
      stopped = true;
      await poller.stop();
    },
    status: () => ({
      state: state.value,
      model: o.embedder.id,
      ...o.index.counts(o.embedder.id),
      ...(state.error ? { error: state.error } : {}),
    }),
    queryVector(text) {
      if (!ready()) poller.kick();
      return ready()
        ? Promise.resolve(cache.get(text) ?? embedQuery(text))
        : Promise.resolve(undefined);
    },
    async drain() {
      await poller.current();
      state.idleMark = '';
      await embedPass(o, state, () => stopped);
    },
  };
}
