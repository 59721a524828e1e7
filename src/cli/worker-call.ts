import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWorker, type WorkerResponse } from '../client/index.ts';
import { dataDirFrom, ensureDataDir, loadSettings } from '../config/index.ts';
import { createWorkerClient, type WorkerCall } from '../mcp/worker-client.ts';
import { CliError } from './cli-error.ts';

/** Ambient parts of the commands that talk to the worker; defaults are the real process. */
export interface CompressCommandDeps {
  /** The CLI bundle a started worker runs (default: the bundle this code is in). */
  cliEntry?: string;
  env?: NodeJS.ProcessEnv;
}

/** Ambient parts of the recall commands: also the folder whose project they default to. */
export interface RecallCommandDeps extends CompressCommandDeps {
  cwd?: string;
}

/** How a command finds or starts the worker: data folder, port, bundle, start and wait. */
function workerTarget(deps: CompressCommandDeps) {
  const env = deps.env ?? process.env;
  const dataDir = dataDirFrom(env);
  ensureDataDir(dataDir);
  const { settings } = loadSettings(dataDir, env);
  return {
    dataDir,
    port: settings['worker.port'],
    cliEntry: deps.cliEntry ?? join(dirname(fileURLToPath(import.meta.url)), 'cli.mjs'),
    autoStart: settings['worker.autoStart'],
    waitMs: 10_000,
    env,
  };
}

/** The running worker (started when needed) and the data folder it serves. */
export async function compressionWorker(
  deps: CompressCommandDeps,
): Promise<{ port: number; dataDir: string }> {
  const target = workerTarget(deps);
  const info = await ensureWorker(target);
  if (!info) {
    throw new CliError(
      `the worker is not running on port ${target.port}; see "claude-mem worker logs"`,
    );
  }
  return { port: info.port, dataDir: target.dataDir };
}

/**
 * Starts the worker of `dataDir` on the port its settings name, replacing one that runs (after
 * `worker start` or a repair); a worker that does not come up within `waitMs` is a CliError.
 */
export async function restartWorker(
  dataDir: string,
  cliEntry: string,
  env: NodeJS.ProcessEnv,
  waitMs: number,
) {
  const port = loadSettings(dataDir, env).settings['worker.port'];
  const info = await ensureWorker({ dataDir, port, cliEntry, waitMs, env, force: true });
  if (!info) {
    throw new CliError(`the worker did not start on port ${port}; see "claude-mem worker logs"`);
  }
  return info;
}

/** A request through `call`; a worker that cannot be reached is reported as a CliError. */
export function callOrFail(...[call, ...request]: [WorkerCall, ...Parameters<WorkerCall>]) {
  return call(...request).catch((error: Error): never => {
    throw new CliError(error.message);
  });
}

/** The worker API for a recall command, starting the worker when needed. */
export function recallClient(deps: RecallCommandDeps): WorkerCall {
  return createWorkerClient(workerTarget(deps));
}

/** The message of the worker's error body, if it holds one. */
const messageOf = (res: { status: number; body: unknown }): string => {
  const message = (res.body as { error?: { message?: unknown } } | undefined)?.error?.message;
  return typeof message === 'string' ? message : `worker answered HTTP ${res.status}`;
};

/** A failed worker call as a CLI error. */
export function workerFailure(res: WorkerResponse): CliError {
  return new CliError(messageOf(res));
}

/** A failed recall call as a CLI error: a refused request (400) is a usage mistake. */
export function apiFailure(res: { status: number; body: unknown }): CliError {
  return new CliError(messageOf(res), res.status === 400 ? 2 : 1);
}
