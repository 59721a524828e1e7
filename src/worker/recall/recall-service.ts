import {
  chromaConfigFromSettings,
  createChromaStore,
  createEmbeddingRuntime,
  createSearcher,
  readListsWhileIdle,
  listCap,
  createVectorIndex,
  embedderFromSettings,
  LOCAL_WEIGHT,
  loadSqliteVec,
  rebuildKnnIfStale,
  type ChromaStore,
  type Embedder,
  type EmbeddingRuntime,
  type EmbeddingStatus,
  type VectorIndex,
} from '../../search/index.ts';
import { observationsMark } from '../../store/index.ts';
import { createAnchorRecall } from './anchor-recall.ts';
import { createRecallMoments } from './recall-moments.ts';
import type { Recall, RecallStatus } from './recall.ts';
import { anchorRoutes } from './anchor-routes.ts';
import { contextRoutes } from './context-routes.ts';
import { recallMomentRoutes } from './recall-moment-routes.ts';
import { recallObservationRoutes } from './recall-observation-routes.ts';
import { recallSearchRoutes } from './recall-search-routes.ts';
import type { WorkerService } from '../service.ts';
import type { WorkerDeps } from '../worker-deps.ts';

export type { Recall, RecallStatus };

/** Overrides for tests: an embedder instead of the one `search.embedder` names (null: off). */
export interface RecallOptions {
  embedder?: Embedder | null;
  intervalMs?: number;
  /** Scopes of at most this many vectors are ranked exactly in SQLite (0: always the index). */
  exactLimit?: number;
}

interface Vectors {
  index: VectorIndex;
  runtime: EmbeddingRuntime;
  /** Set when search.vectorStore is chroma: it searches, the index only stores. */
  chroma?: ChromaStore | undefined;
}

function createVectors(deps: WorkerDeps, options: RecallOptions): Vectors | undefined {
  const embedder =
    options.embedder === undefined
      ? embedderFromSettings(deps.settings)
      : (options.embedder ?? undefined);
  if (!embedder) return undefined;
  if (!loadSqliteVec(deps.db)) {
    deps.log.log('warn', 'sqlite-vec is not available on this platform: full-text search only');
    return undefined;
  }
  const useChroma = deps.settings['search.vectorStore'] === 'chroma';
  // Back from Chroma, or a KNN table from before its id buckets: refilled from the stored vectors
  // once, here at start-up only (a copy: about 1 s per 50,000 vectors here).
  if (!useChroma && rebuildKnnIfStale(deps.db)) {
    deps.log.log('info', 'vector index rebuilt from the stored vectors');
  }
  const index = createVectorIndex(deps.db, { knn: !useChroma, exactLimit: options.exactLimit });
  let stored = 0;
  const chroma = useChroma
    ? createChromaStore(deps.db, chromaConfigFromSettings(deps.settings), {
        log: deps.log,
        changeMark: () => `${observationsMark(deps.db)}:${stored}`,
        intervalMs: options.intervalMs,
        exactLimit: options.exactLimit,
      })
    : undefined;
  const runtime = createEmbeddingRuntime({
    index,
    embedder,
    changeMark: () => observationsMark(deps.db),
    log: deps.log,
    now: deps.now,
    intervalMs: options.intervalMs,
    onStored() {
      stored += 1;
      chroma?.kick();
    },
  });
  return { index, runtime, chroma };
}

/** `search.vectorWeight`, or when 0 the embedder's own (its recipe's; 0.1 for the local model). */
function hybridWeight(setting: number, runtime: EmbeddingRuntime | undefined): number {
  return setting > 0 ? setting : (runtime?.vectorWeight ?? LOCAL_WEIGHT);
}

/** Builds the searcher and, unless embeddings are off, the vector index and its embedder. */
export function createRecall(
  deps: WorkerDeps,
  options: RecallOptions = {},
): Recall & { vectors?: Vectors | undefined } {
  const vectors = createVectors(deps, options);
  const vectorWeight = hybridWeight(deps.settings['search.vectorWeight'], vectors?.runtime);
  // The worker lives long: its phrase lists are read whenever it is idle (list-rank.ts), at the
  // pace a session's hooks leave to background work.
  const traffic = deps.hookTraffic;
  const pace = traffic ? (workedMs: number) => traffic.pace(workedMs) : undefined;
  readListsWhileIdle(deps.db, listCap(deps.settings['search.exactCap']), pace);
  const searcher = createSearcher({
    db: deps.db,
    mode: deps.settings['search.mode'],
    vectors: vectors?.chroma ?? vectors?.index,
    runtime: vectors?.runtime,
    minSimilarity: deps.settings['search.minSimilarity'],
    vectorWeight,
    exactCap: deps.settings['search.exactCap'],
  });
  const off = (): EmbeddingStatus => ({
    state: 'off',
    model: null,
    embedded: 0,
    total: deps.db.prepare('SELECT COUNT(*) FROM observations').pluck().get() as number,
  });
  return {
    searcher,
    vectors,
    anchors: createAnchorRecall(deps.db),
    moments: createRecallMoments(),
    status: () => {
      if (!vectors) return off();
      const store = vectors.chroma?.status();
      return { ...vectors.runtime.status(), vectorWeight, ...(store ? { store } : {}) };
    },
    changed(deleted) {
      if (deleted) vectors?.index.drop(deleted);
      vectors?.runtime.kick();
      vectors?.chroma?.kick();
    },
  };
}

/**
 * Recall: SessionStart context, search, timeline, full records, explicit memories and forget,
 * and embeddings computed in the background (never in a hook). The vec0 KNN table is created
 * here, on the worker's connection, once sqlite-vec is loaded (see migration 004).
 */
export function createRecallService(deps: WorkerDeps, options: RecallOptions = {}): WorkerService {
  const recall = createRecall(deps, options);
  const routes = contextRoutes(deps, recall.anchors);
  routes.route('/', anchorRoutes(deps, recall.anchors));
  routes.route('/', recallSearchRoutes(deps, recall));
  routes.route('/', recallObservationRoutes(deps, recall));
  routes.route('/', recallMomentRoutes(deps, recall));
  return {
    name: 'recall',
    routes,
    start() {
      recall.vectors?.index.sweep();
      recall.vectors?.runtime.start();
      recall.vectors?.chroma?.start();
    },
    async stop() {
      await recall.vectors?.runtime.stop();
      await recall.vectors?.chroma?.stop();
    },
  };
}
