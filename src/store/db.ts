import Database from 'better-sqlite3';
import { chmodSync, existsSync } from 'node:fs';
import { migrate } from './migrate.ts';
import type { Db } from './statements.ts';

export type { Db } from './statements.ts';

/**
 * Bytes of the file a long-lived server's connection reads through a memory map (the worker's).
 * Its pages are then read where the OS caches them, with no copy and no system call: a search
 * read each of its 20 lines' pages with a pread64 until SQLite's own cache held the store, and
 * a system call is dear on a virtual machine (issue 33). SQLite writes through write() still,
 * and maps no more than the file holds.
 */
export const SERVER_MAP_BYTES = 256 * 1024 * 1024;

/**
 * Opens (creating if needed) the database at `file`: WAL, a busy timeout so a concurrent
 * reader or a long write waits instead of failing, foreign keys on, migrations applied, and
 * the file and its WAL side files private to the user (0600). `mapBytes` maps that much of the
 * file for reading (SERVER_MAP_BYTES for the worker; a short-lived process reads too few pages
 * to gain from it).
 */
export function openDatabase(
  file: string,
  options: { busyTimeoutMs?: number; mapBytes?: number } = {},
): Db {
  const db = new Database(file);
  db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 15000}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  if (options.mapBytes) db.pragma(`mmap_size = ${Math.floor(options.mapBytes)}`);
  migrate(db);
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path)) chmodSync(path, 0o600);
  }
  return db;
}
