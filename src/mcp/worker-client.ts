import {
  ensureWorker,
  readOrCreateToken,
  workerRequest,
  type WorkerResponse,
} from '../client/index.ts';

/** One call to the worker's HTTP API. Rejects only when the worker cannot be reached. */
export type WorkerCall = (
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<WorkerResponse>;

/** How to reach (and if needed start) the worker. */
export interface WorkerClientOptions {
  dataDir: string;
  port: number;
  /** The CLI bundle a started worker runs. */
  cliEntry: string;
  autoStart: boolean;
  /** How long to wait for a worker that is starting. */
  waitMs: number;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/** The worker could not be reached or started. */
export class WorkerUnreachableError extends Error {
  readonly code = 'WORKER_UNREACHABLE';
  constructor(message: string) {
    super(message);
    this.name = 'WorkerUnreachableError';
  }
}

/**
 * A thin client of the worker: makes sure it runs (starting it, at most one across racing
 * processes, when `autoStart`), then sends the request; mutating calls carry the token from the
 * data folder.
 */
export function createWorkerClient(options: WorkerClientOptions): WorkerCall {
  return async function callWorker(method, path, body) {
    const worker = await ensureWorker({ ...options, waitMs: options.waitMs });
    if (!worker) {
      throw new WorkerUnreachableError(
        'the claude-mem worker is not running and could not be started in time; see "claude-mem worker logs"',
      );
    }
    // Reads too: any local user can connect to 127.0.0.1, only the owner can read the token.
    const token = readOrCreateToken(options.dataDir);
    try {
      return await workerRequest(worker.port, path, {
        method,
        body,
        token,
        timeoutMs: options.timeoutMs ?? 15_000,
      });
    } catch (error) {
      throw new WorkerUnreachableError(`the claude-mem worker did not answer: ${String(error)}`);
    }
  };
}
