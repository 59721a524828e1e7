import Database from 'better-sqlite3';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { isBusy } from './db-fault.ts';

/** `worker.lock`: held by the one worker of a data folder for its whole life. */
export const dataLockFile = (dataDir: string): string => join(dataDir, 'worker.lock');

/** The held lock: release it on shutdown (the kernel does on a crash). */
export interface DataLock {
  release(): void;
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * Takes the data folder's worker lock, or returns undefined when another live process holds it.
 * The lock is SQLite's exclusive lock on a small file (a POSIX advisory lock underneath), so it
 * is the kernel that lets it go when a worker dies, even by SIGKILL: no stale lock to guess
 * about, no PID to trust. The port used to be the mutex, but two workers on different ports
 * then served one folder and the second removed the first's PID file (issue 12). `waitMs`
 * covers a worker that was asked to stop and is still exiting (a version handover).
 */
export async function acquireDataLock(dataDir: string, waitMs = 0): Promise<DataLock | undefined> {
  const file = dataLockFile(dataDir);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const db = new Database(file);
    chmodSync(file, 0o600);
    try {
      db.pragma('busy_timeout = 0');
      db.pragma('locking_mode = EXCLUSIVE');
      db.exec('BEGIN EXCLUSIVE');
      return { release: () => db.close() };
    } catch (error) {
      db.close();
      if (!isBusy(error)) throw error;
    }
    if (Date.now() >= deadline) return undefined;
    await sleep(100);
  }
}
