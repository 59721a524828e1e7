import { readFileSync } from 'node:fs';
import { pidFile } from '../config/index.ts';

/** What the running worker writes to `worker.pid` once it listens. */
export interface WorkerInfo {
  pid: number;
  port: number;
  version: string;
  startedAt: number;
}

/** The PID file's content, or undefined when absent or unreadable. */
export function readWorkerInfo(dataDir: string): WorkerInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(pidFile(dataDir), 'utf8')) as Partial<WorkerInfo>;
    return typeof info.pid === 'number' && typeof info.port === 'number'
      ? (info as WorkerInfo)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `pid` is alive and is a claude-mem worker: signal 0 says the pid exists; on Linux its
 * command line must also name the worker, so a pid reused by another program after a crash
 * (a stale PID file) is not mistaken for ours.
 */
export function isWorkerProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // Whole arguments, in order: a substring test took `npm run worker` for ours and stopped it.
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return argv.some((arg, i) => arg === 'worker' && argv[i + 1] === 'run');
  } catch {
    return true; // No /proc (macOS): trust the signal check.
  }
}

/** The running worker's info when its process is alive, else undefined. */
export function liveWorker(dataDir: string): WorkerInfo | undefined {
  const info = readWorkerInfo(dataDir);
  return info && isWorkerProcess(info.pid) ? info : undefined;
}
