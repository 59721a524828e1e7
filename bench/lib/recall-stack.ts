import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createEmbeddingRuntime,
  createHashEmbedder,
  createLocalEmbedder,
  createSearcher,
  createVectorIndex,
  loadSqliteVec,
  type Embedder,
  type Searcher,
} from '../../src/search/index.ts';
import { observationsMark, openDatabase, type Db } from '../../src/store/index.ts';
import { silentLogger } from '../../test/helpers/logger.ts';
import { tracedDb, type Traced } from './statement-trace.ts';

/** The worker's search stack on a temp database: the same searcher the HTTP API uses. */
export interface RecallStack {
  db: Db;
  searcher: Searcher;
  embedder: Embedder | undefined;
  /** The query's vector (cached by the runtime, as the searcher would get it). */
  queryVector(query: string): Promise<Float32Array | undefined>;
  /** Embeds every observation (the worker's background backfill, run to the end). */
  embedAll(): Promise<void>;
  /**
   * The same searcher over a traced handle on the database: runs `request` and returns the
   * ranking statements it ran (bench/lib/statement-trace.ts), for a same-work baseline.
   */
  trace(request: Parameters<Searcher['search']>[0]): Promise<Traced[]>;
  close(): void;
}

/** Which embedder a bench uses: the default offline model, the hash fallback, or none. */
export type EmbedderChoice = 'local' | 'hash' | 'off';

/** The embedder of `choice` (hash vectors of `dimensions`). */
export function embedderOf(choice: EmbedderChoice, dimensions = 256): Embedder | undefined {
  if (choice === 'off') return undefined;
  return choice === 'local' ? createLocalEmbedder() : createHashEmbedder(dimensions);
}

/**
 * Opens a temp database (or the one at `path`, kept) with sqlite-vec, the vector index, the
 * embedding runtime and a searcher.
 */
export function createRecallStack(
  choice: EmbedderChoice,
  options: {
    batchSize?: number;
    dimensions?: number;
    minSimilarity?: number;
    /** An embedder of the bench's own (a synthetic one), in place of `choice`'s. */
    embedder?: Embedder;
    /** A database of the bench's own, opened in place and kept on close. */
    path?: string;
  } = {},
): RecallStack {
  const batchSize = options.batchSize ?? 32;
  const dir = options.path === undefined ? mkdtempSync(join(tmpdir(), 'claude-mem-bench-')) : '';
  const db = openDatabase(options.path ?? join(dir, 'claude-mem.db'));
  loadSqliteVec(db);
  const embedder = options.embedder ?? embedderOf(choice, options.dimensions);
  const index = createVectorIndex(db);
  const runtime = embedder
    ? createEmbeddingRuntime({
        index,
        embedder,
        changeMark: () => observationsMark(db),
        log: silentLogger,
        batchSize,
      })
    : undefined;
  const searcher = createSearcher({
    db,
    mode: 'hybrid',
    vectors: runtime ? index : undefined,
    runtime,
    minSimilarity: options.minSimilarity,
  });
  let traced: Traced[] = [];
  const tracing = tracedDb(db, () => traced);
  const tracer = createSearcher({
    db: tracing,
    mode: 'hybrid',
    vectors: runtime ? createVectorIndex(tracing) : undefined,
    runtime,
    minSimilarity: options.minSimilarity,
  });
  return {
    db,
    searcher,
    embedder,
    async trace(request) {
      traced = [];
      await tracer.search(request);
      return traced;
    },
    queryVector: async (query) => runtime?.queryVector(query),
    embedAll: async () => runtime?.drain(),
    close() {
      void runtime?.stop();
      db.close();
      if (dir !== '') rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Command-line flags `--name value` and `--flag`, for the bench scripts. */
export function flags(argv = process.argv.slice(2)): Map<string, string> {
  const found = new Map<string, string>();
  argv.forEach((arg, i) => {
    if (!arg.startsWith('--')) return;
    const next = argv[i + 1];
    found.set(arg.slice(2), next === undefined || next.startsWith('--') ? 'true' : next);
  });
  return found;
}
