import { closeSync, openSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { VERSION, spawnLockFile } from '../config/index.ts';
import { askWorkerToStop, isOlderVersion } from './handover.ts';
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
  /**
   * Break a spawn lock another starter holds (an explicit `claude-mem worker start`): a worker
   * that failed to start (port taken) leaves the lock for 10 s so hooks do not retry on every
   * event, but a user asking for a start should not wait it out. Two starters at worst race for
   * the port, and the loser exits.
   */
  force?: boolean;
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

/**
 * The node that runs the worker: this process's own, or, in a hook running under Bun
 * (`install --runtime bun`), `node` from PATH: the worker needs better-sqlite3, a Node addon.
 */
function nodeForWorker(): string {
  return process.versions.bun === undefined ? process.execPath : 'node';
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
  const child = spawn(nodeForWorker(), args, {
    detached: true,
    stdio: 'ignore',
    env,
  });
  // A missing `node` (a Bun hook on a PATH without it) must not crash the hook: the events
  // wait in the spool, and doctor says the worker is not running.
  child.once('error', () => undefined);
  child.unref();
}

async function healthy(port: number, timeoutMs = 500): Promise<boolean> {
  try {
    const res = await workerRequest(port, '/health', { timeoutMs: Math.max(1, timeoutMs) });
    return res.status === 200;
  } catch {
    return false;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * Makes sure a worker of this version runs: returns its info when one is alive, else starts one
 * (at most one across racing processes) and, when `waitMs` > 0, waits until it answers /health.
 * A worker of an older version (the package was upgraded while it ran) is handed over: asked to
 * stop (SIGTERM: it finishes its in-flight batch) and a new one started, which waits for the old
 * one to exit before it opens the database. The check is the PID file's `version` field, already
 * read for the liveness check: no HTTP call in the common path.
 */
export async function ensureWorker(options: EnsureOptions): Promise<WorkerInfo | undefined> {
  const mayStart = options.autoStart !== false;
  const usable = (info: WorkerInfo | undefined): info is WorkerInfo =>
    info !== undefined && !(mayStart && isOlderVersion(info.version, VERSION));
  const running = liveWorker(options.dataDir);
  if (usable(running) && options.waitMs === 0) return running;
  if (!usable(running) && options.force) rmSync(spawnLockFile(options.dataDir), { force: true });
  if (!usable(running) && mayStart && takeSpawnLock(spawnLockFile(options.dataDir))) {
    await startOrHandOver(options);
  }
  const deadline = Date.now() + options.waitMs;
  while (Date.now() < deadline) {
    const info = liveWorker(options.dataDir);
    // Never past the deadline: a hung worker must not stretch the caller's budget (issue 31).
    if (usable(info) && (await healthy(info.port, Math.min(500, deadline - Date.now())))) {
      return info;
    }
    await sleep(50);
  }
  return liveWorker(options.dataDir);
}

/**
 * Holding the spawn lock: starts a worker unless one of this version appeared meanwhile (it may
 * have written its PID file and released the lock between the first check and the lock).
 */
async function startOrHandOver(options: EnsureOptions): Promise<void> {
  const now = liveWorker(options.dataDir);
  if (now && !isOlderVersion(now.version, VERSION)) {
    rmSync(spawnLockFile(options.dataDir), { force: true });
    return;
  }
  if (now) askWorkerToStop(now.pid);
  await spawnWorker(options.cliEntry, options.env);
}
