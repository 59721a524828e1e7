import { VERSION } from '../config/index.ts';
import { liveWorker, type WorkerInfo } from './worker-info.ts';

const RELEASE = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?/;

/**
 * Whether version `a` is older than `b`: major.minor.patch compared as numbers, then a
 * pre-release (`1.2.0-beta`) before its release. An unreadable or missing `a` counts as older
 * (a worker too old to say), an unreadable `b` as never newer.
 */
export function isOlderVersion(a: string | undefined, b: string): boolean {
  const right = RELEASE.exec(b);
  if (!right) return false;
  const left = RELEASE.exec(a ?? '');
  if (!left) return true;
  for (const i of [1, 2, 3]) {
    const diff = Number(left[i]) - Number(right[i]);
    if (diff !== 0) return diff < 0;
  }
  const [pre, release] = [left[4], right[4]];
  if (pre === undefined || release === undefined) return pre !== undefined && release === undefined;
  return pre < release;
}

/**
 * The live worker of `dataDir` when it runs an older version than this package (the package was
 * upgraded while it ran). Only older: a newer worker is left alone, so two installs of different
 * versions never take turns replacing each other.
 */
export function outdatedWorker(dataDir: string, version = VERSION): WorkerInfo | undefined {
  const info = liveWorker(dataDir);
  return info && isOlderVersion(info.version, version) ? info : undefined;
}

/** Asks a worker to stop: SIGTERM, on which it finishes its in-flight batch and exits. */
export function askWorkerToStop(pid: number, signal: NodeJS.Signals = 'SIGTERM'): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone: that was the point.
  }
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * Run by a new worker before it opens the database: asks an outdated worker of the same data
 * folder to stop and waits for it to exit, so the two never work side by side. One that is still
 * there after `timeoutMs` is killed (its work is safe: the spool is only cleared after commit).
 * Returns the pid that was replaced, if any.
 */
export async function replaceOutdatedWorker(
  dataDir: string,
  options: { version?: string; timeoutMs?: number } = {},
): Promise<number | undefined> {
  const old = outdatedWorker(dataDir, options.version);
  if (!old) return undefined;
  askWorkerToStop(old.pid);
  const stillThere = (): boolean => liveWorker(dataDir)?.pid === old.pid;
  await waitWhile(stillThere, options.timeoutMs ?? 30_000);
  if (stillThere()) {
    askWorkerToStop(old.pid, 'SIGKILL');
    await waitWhile(stillThere, 2_000);
  }
  return old.pid;
}

async function waitWhile(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && condition()) await sleep(50);
}
