import { join } from 'node:path';
import { createLogger, ensureDataDir, VERSION, type Settings } from '../config/index.ts';
import { openDatabase, type Db } from '../store/index.ts';
import { createApp } from './app.ts';
import { createCompressionService } from './compression/compression-service.ts';
import { createOpenLinks } from './open-links.ts';
import { createRecallService } from './recall/recall-service.ts';
import { createRetentionService } from './admin/retention-service.ts';
import type { WorkerService } from './service.ts';
import type { WorkerDeps } from './worker-deps.ts';

const PORT = 37_999;
const TOKEN = 'replay-worker-token';

/** A worker without a port, over a data folder of its own, driven by a replay (`eval`). */
export interface ReplayWorker {
  db: Db;
  /** One request to the worker's routes, answered in process; throws on a non-2xx answer. */
  call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
  /** Compresses every turn that is ready by the clock now, and waits until that is done. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** How the replay worker is built. */
export interface ReplayWorkerOptions {
  dataDir: string;
  settings: Settings;
  /** The replay's clock: the time of the event being replayed. */
  now: () => number;
  /** Environment the providers read (keys, PATH); the heuristic provider reads none. */
  env?: NodeJS.ProcessEnv;
}

/**
 * The worker's own routes and services (capture intake, compression, recall) over `dataDir`,
 * answered in this process with no port and no timers: a replay applies events, asks for
 * context and recall as the hooks would, and compresses when it says so (`settle`), so what
 * each moment sees depends on the replayed history alone. Embeddings are off: recall ranks by
 * full text, and no model is loaded.
 */
export function createReplayWorker(options: ReplayWorkerOptions): ReplayWorker {
  ensureDataDir(options.dataDir);
  const db = openDatabase(join(options.dataDir, 'claude-mem.db'));
  const deps: WorkerDeps = {
    db,
    dataDir: options.dataDir,
    port: PORT,
    token: TOKEN,
    links: createOpenLinks(),
    version: VERSION,
    startedAt: options.now(),
    settings: options.settings,
    log: createLogger(options.dataDir, 'worker', 'warn'),
    now: options.now,
    onApplied: () => undefined,
  };
  const compression = createCompressionService(deps, { env: options.env });
  const services: WorkerService[] = [
    compression,
    createRecallService(deps, { embedder: null }),
    createRetentionService(deps),
  ];
  const app = createApp(deps, services);
  const headers = { host: `127.0.0.1:${PORT}`, authorization: `Bearer ${TOKEN}` };
  return {
    db,
    async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
      const init =
        body === undefined
          ? { method, headers }
          : {
              method,
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            };
      const res = await app.request(path, init);
      const answer = (await res.json()) as T & { error?: { message?: string } };
      if (!res.ok) throw new Error(`${path}: ${answer.error?.message ?? res.status}`);
      return answer;
    },
    async settle() {
      compression.loop.kick();
      await compression.loop.idle();
    },
    async close() {
      for (const service of services) await service.stop();
      db.close();
    },
  };
}
