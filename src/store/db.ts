import Database from 'better-sqlite3';
import { chmodSync, existsSync } from 'node:fs';
import { migrate } from './migrate.ts';
import type { Db } from './statements.ts';

export type { Db } from './statements.ts';

/**
 * Opens (creating if needed) the database at `file`: WAL, a busy timeout so a concurrent
 * reader or a long write waits instead of failing, foreign keys on, migrations applied, and
 * the file and its WAL side files private to the user (0600).
 */
export function openDatabase(file: string, options: { busyTimeoutMs?: number } = {}): Db {
  const db = new Database(file);
  db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 15000}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  migrate(db);
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path)) chmodSync(path, 0o600);
  }
  return db;
}
