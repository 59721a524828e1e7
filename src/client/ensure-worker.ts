import { closeSync, openSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawnLockFile } from '../config/index.ts';
import { workerRequest } from './http.ts';
import { liveWorker, type WorkerInfo } from './worker-info.ts';

/** How to start the worker: `node <cliEntry> worker run`, detached. */
export interface EnsureOptions {
  dataDir: string;
  port: number;
  cliEntry: string;
  /** Wait until /health answers, at most this long. 0: start it and return at once. */
  waitMs: number;
  /** false: never spawn; only report (or wait for) a worker started by someone else. */
  autoStart?: boolean;
  env?: NodeJS.ProcessEnv;
}

const LOCK_STALE_MS = 10_000;

/**
 * Takes the spawn lock (O_EXCL create) so that of many hooks racing to start a missing worker
 * only one spawns it. A lock older than LOCK_STALE_MS is from a crashed starter and is broken.
 * The worker itself also refuses to run twice (it must win the port), so the lock only saves
 * work; correctness does not depend on it.
 */
function takeSpawnLock(file: string): boolean {
  try {
    const fd = openSync(file, 'wx', 0o600);
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch {
    try {
      if (Date.now() - statSync(file).mtimeMs > LOCK_STALE_MS) unlinkSync(file);
    } catch {
      // Raced with another breaker; fine.
    }
    return false;
  }
}

/**
 * Whether the worker's dependencies resolve from the CLI bundle. An installed plugin is a plain
 * checkout with no node_modules until its first worker start installs them.
 */
async function hasRuntimeDependencies(cliEntry: string): Promise<boolean> {
  const { createRequire } = await import('node:module');
  try {
    createRequire(cliEntry).resolve('better-sqlite3');
    return true;
  } catch {
    return false;
  }
}

/** Spawns `node <cliEntry> worker run` detached from this process, its output discarded. */
export async function spawnWorker(
  cliEntry: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const { spawn } = await import('node:child_process'); // Only needed when no worker runs.
  const args = (await hasRuntimeDependencies(cliEntry))
    ? [cliEntry, 'worker', 'run']
    : [join(dirname(cliEntry), '..', 'scripts', 'plugin-setup.mjs')];
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: 'ignore',
    env,
  });
  child.unref();
}

async function healthy(port: number): Promise<boolean> {
  try {
    const res = await workerRequest(port, '/health', { timeoutMs: 500 });
    return res.status === 200;
  } catch {
    return false;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * Makes sure a worker runs: returns its info when one is alive, else starts one (at most one
 * across racing processes) and, when `waitMs` > 0, waits until it answers /health.
 */
export async function ensureWorker(options: EnsureOptions): Promise<WorkerInfo | undefined> {
  const running = liveWorker(options.dataDir);
  if (running && options.waitMs === 0) return running;
  const mayStart = options.autoStart !== false;
  // Re-check after winning the lock: a worker may have written its PID file (and released the
  // lock) between the first check and the lock.
  if (!running && mayStart && takeSpawnLock(spawnLockFile(options.dataDir))) {
    if (liveWorker(options.dataDir)) rmSync(spawnLockFile(options.dataDir), { force: true });
    else await spawnWorker(options.cliEntry, options.env);
  }
  const deadline = Date.now() + options.waitMs;
  while (Date.now() < deadline) {
    const info = liveWorker(options.dataDir);
    if (info && (await healthy(info.port))) return info;
    await sleep(50);
  }
  return liveWorker(options.dataDir);
}
