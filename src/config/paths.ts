import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { stableHash } from './stable-hash.ts';

/** The data folder: `CLAUDE_MEM_DATA_DIR`, else `~/.claude-mem`. */
export function dataDirFrom(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CLAUDE_MEM_DATA_DIR;
  return fromEnv && fromEnv.trim() !== '' ? fromEnv : join(homedir(), '.claude-mem');
}

/**
 * Creates the data folder (and its subfolders) private to the user: 0700. `repair` (the default)
 * also takes back permissions of folders that exist, say one made by hand with 0755. Hooks pass
 * false: folders they create get 0700 all the same, and they need not spend four chmods on every
 * run; the worker, which every session starts, repairs.
 */
export function ensureDataDir(dataDir: string, { repair = true } = {}): void {
  if (!repair) {
    makeDirs(quarantineDir(dataDir));
    makeDirs(stateDir(dataDir));
    return;
  }
  for (const dir of [dataDir, spoolDir(dataDir), quarantineDir(dataDir), stateDir(dataDir)]) {
    makeDirs(dir);
    chmodSync(dir, 0o700);
  }
}

/**
 * `mkdir -p`, one level at a time: Node's `mkdirSync(dir, { recursive: true })` never returns
 * for a path under /proc (the kernel answers ENOENT for a parent that exists, and Node retries
 * the parent forever), so `CLAUDE_MEM_DATA_DIR=/proc/nope` spun at full CPU (issue 31). Throws
 * the first folder's error (ENOENT, EACCES, ENOTDIR...) with its path.
 */
export function makeDirs(dir: string, mode = 0o700): void {
  const missing: string[] = [];
  for (let at = resolve(dir); !existsSync(at); at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const folder of missing) {
    try {
      mkdirSync(folder, { mode });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

export const settingsFile = (dataDir: string): string => join(dataDir, 'settings.json');
export const databaseFile = (dataDir: string): string => join(dataDir, 'claude-mem.db');
export const spoolDir = (dataDir: string): string => join(dataDir, 'spool');
export const quarantineDir = (dataDir: string): string => join(dataDir, 'spool', 'quarantine');
export const stateDir = (dataDir: string): string => join(dataDir, 'state');
export const logFile = (dataDir: string): string => join(dataDir, 'claude-mem.log');
export const pidFile = (dataDir: string): string => join(dataDir, 'worker.pid');
export const spawnLockFile = (dataDir: string): string => join(dataDir, 'worker.spawn.lock');
export const tokenFile = (dataDir: string): string => join(dataDir, 'worker.token');

/**
 * A name for a data folder that does not show its path: /health carries it so that a worker (or
 * doctor) finding its port answered by a claude-mem worker can tell whether that one serves the
 * same folder.
 */
export const dataDirId = (dataDir: string): string => stableHash(resolve(dataDir));
