import type { Logger } from '../config/index.ts';
import type { EmbeddingState, EmbeddingStatus } from '../domain/embedding-status.ts';
import { embedText } from './embed-text.ts';
import { EmbedderError, type Embedder } from './embedders/embedder.ts';
import { createPoller } from '../config/index.ts';
import type { VectorIndex } from './vector-index.ts';

export type { EmbeddingState, EmbeddingStatus };

/** Background embedding of observations, and query vectors for search. */
export interface EmbeddingRuntime {
  /** Starts polling for observations without (current) vectors. */
  start(): void;
  /** Runs a pass soon (coalesced with one in flight). */
  kick(): void;
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>;
  status(): EmbeddingStatus;
  /** The embedder's weight in hybrid fusion (Embedder.vectorWeight), if it has one. */
  readonly vectorWeight: number | undefined;
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
  const size = o.batchSize ?? 8;
  const rows = o.index.pending(o.embedder.id, size);
  if (rows.length === 0) return 0;
  state.value = 'embedding';
  const vectors = await o.embedder.embed(rows.map(embedText), 'document');
  o.index.store(
    o.embedder.id,
    rows.map((row, i) => ({ row, vector: vectors[i]! })),
    (o.now ?? Date.now)(),
  );
  // A short batch was the last: the space is complete as these vectors land, with no moment
  // in which every vector is stored but search still refuses them.
  if (rows.length < size) o.index.finishFilling(o.embedder.id);
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
  const [probe] = await o.embedder.embed(['warm up'], 'query');
  if (!probe?.length) throw new EmbedderError('PROVIDER_BAD_OUTPUT', 'embedder gave no vector');
  // A switch of embedder begins here: a new KNN table, the space filling until caught up.
  const before = o.index.model();
  o.index.begin(o.embedder.id, probe.length);
  state.loaded = true;
  o.log.log('info', `embedder ${o.embedder.id} loaded (${probe.length} dimensions)`);
  if (before !== undefined && before !== o.embedder.id) {
    o.log.log('info', `embedder switched from ${before}: re-embedding in the background`);
  }
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
  if (stopped()) return;
  o.index.finishFilling(o.embedder.id);
  state.idleMark = mark;
  state.value = 'ready';
  state.error = '';
}

/** The switch in progress, as status shows it (see EmbeddingStatus.switch). */
function switchOf(o: EmbeddingRuntimeOptions, total: number): Pick<EmbeddingStatus, 'switch'> {
  const stored = o.index.model();
  if (stored !== undefined && stored !== o.embedder.id) return { switch: { from: stored } };
  const filling = o.index.filling() !== undefined || (stored === undefined && total > 0);
  return filling ? { switch: { from: o.index.previous() ?? null } } : {};
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
  // Only a complete space of the configured model ranks: never another model's vectors, never a
  // half-filled space (its missing rows would rank as if they were far).
  const ready = (): boolean =>
    state.loaded && o.index.model() === o.embedder.id && o.index.filling() === undefined;
  const embedQuery = async (text: string): Promise<Float32Array | undefined> => {
    const [vector] = await o.embedder.embed([text], 'query');
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    if (vector) cache.set(text, vector);
    return vector;
  };
  return {
    start: poller.start,
    kick: poller.kick,
    vectorWeight: o.embedder.vectorWeight,
    async stop() {
      stopped = true;
      await poller.stop();
    },
    status() {
      const counts = o.index.counts(o.embedder.id);
      return {
        state: state.value,
        model: o.embedder.id,
        dimensions: o.index.model() === o.embedder.id ? (o.index.dimensions() ?? null) : null,
        ...counts,
        ...switchOf(o, counts.total),
        vectorsInSearch: ready(),
        ...(state.error ? { error: state.error } : {}),
      };
    },
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
