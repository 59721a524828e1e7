import type { Logger, Settings } from '../../config/index.ts';
import type { Db } from '../../store/index.ts';
import { createPoller } from '../../config/index.ts';
import { META, meta } from '../vector-space.ts';
import { createChromaPort, type ChromaConfig, type ChromaPort } from './chroma-port.ts';
import { createChromaSearch, type ChromaSearch } from './chroma-search.ts';
import { createChromaSync } from './chroma-sync.ts';

/** What `status`, `doctor` and the viewer show about the Chroma store. */
export interface VectorStoreStatus {
  kind: 'chroma';
  url: string;
  collection: string;
  reachable: boolean | null;
  /** Vectors of the current model written to the collection, and still to write. */
  indexed: number;
  pending: number;
  error?: string;
}

/** The Chroma vector store: searches, and a background sync from the database. */
export interface ChromaStore extends ChromaSearch {
  start(): void;
  kick(): void;
  stop(): Promise<void>;
  /** Syncs until nothing is pending (tests, benchmarks); rejects when Chroma is down. */
  drain(): Promise<void>;
  status(): VectorStoreStatus;
}

/** The Chroma settings, with the token read from the environment variable they name. */
export function chromaConfigFromSettings(
  settings: Settings,
  env: NodeJS.ProcessEnv = process.env,
): ChromaConfig {
  const token = env[settings['search.chroma.tokenEnv']];
  return {
    url: settings['search.chroma.url'],
    tenant: settings['search.chroma.tenant'],
    database: settings['search.chroma.database'],
    collection: settings['search.chroma.collection'],
    ...(token ? { token } : {}),
  };
}

/** How often an idle worker makes sure Chroma is still there (search notes it when not). */
const LIVENESS_MS = 30_000;

const message = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * Chroma as the vector store. claude-mem never starts a Chroma server: it connects to the
 * user's. The database stays the source of truth: vectors are stored there first and copied to
 * the collection in the background, so while Chroma is down nothing is lost (the copy waits)
 * and search answers from full text with a note.
 */
export function createChromaStore(
  db: Db,
  config: ChromaConfig,
  options: {
    log: Logger;
    /** A cheap "did vectors change?" mark: an unchanged one skips the pass. */
    changeMark: () => string;
    port?: ChromaPort;
    intervalMs?: number;
    exactLimit?: number;
  },
): ChromaStore {
  const port = options.port ?? createChromaPort(config);
  const sync = createChromaSync(db, port, config);
  const state = { reachable: null as boolean | null, error: '', doneMark: '', checkedAt: 0 };
  const model = (): string | undefined => meta(db, META.model);
  const pass = async (): Promise<void> => {
    const current = model();
    const mark = options.changeMark();
    const fresh = Date.now() - state.checkedAt < LIVENESS_MS;
    if (current === undefined || (mark === state.doneMark && state.reachable && fresh)) return;
    const before = sync.progress(current).pending;
    // A pass with nothing to copy asks Chroma nothing: count() is what tells it is there.
    await port.count();
    const after = await sync.pass(current);
    if (state.reachable === false) options.log.log('info', `chroma reachable again: ${config.url}`);
    state.reachable = true;
    state.error = '';
    state.doneMark = mark;
    state.checkedAt = Date.now();
    if (before > 0) options.log.log('info', `chroma: ${after.indexed} vectors indexed`);
  };
  const poller = createPoller({
    run: pass,
    intervalMs: options.intervalMs ?? 2000,
    maxBackoffMs: 60_000,
    onError(error) {
      if (state.reachable !== false) {
        options.log.log(
          'warn',
          `chroma unreachable, vectors wait in the database: ${message(error)}`,
        );
      }
      state.reachable = false;
      state.error = message(error);
    },
  });
  const search = createChromaSearch(db, port, {
    synced: sync.holds,
    exactLimit: options.exactLimit,
  });
  return {
    async search(vector, filters, limit, root) {
      // Known down or answering garbage: say so (the searcher notes it and answers from full
      // text) rather than rank from the database's copy in silence, which a small project or a
      // narrow filter would otherwise do without asking Chroma at all.
      if (state.reachable === false) throw new Error(state.error);
      try {
        return await search.search(vector, filters, limit, root);
      } catch (error) {
        state.reachable = false;
        state.error = message(error);
        throw error;
      }
    },
    start: poller.start,
    kick: poller.kick,
    stop: poller.stop,
    async drain() {
      await poller.current();
      state.doneMark = '';
      await pass();
    },
    status() {
      const current = model();
      const progress = current === undefined ? { indexed: 0, pending: 0 } : sync.progress(current);
      return {
        kind: 'chroma',
        url: config.url,
        collection: config.collection,
        reachable: state.reachable,
        ...progress,
        ...(state.error ? { error: state.error } : {}),
      };
    },
  };
}
