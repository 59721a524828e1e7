import Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import { databaseFile } from '../../config/index.ts';
import { freeListInfo, vacuum } from '../../store/index.ts';
import { ok, warn, type CheckResult } from './check.ts';

/** Free pages worth a VACUUM: at least this many bytes, and at least a quarter of the file. */
export const VACUUM_MIN_BYTES = 16 * 2 ** 20;

const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;

function freeBytes(file: string): { free: number; total: number } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const info = freeListInfo(db);
    return { free: info.freePages * info.pageSize, total: info.pages * info.pageSize };
  } finally {
    db.close();
  }
}

/**
 * The database's free list: pages left empty by deletes (forget, purge, retention) that SQLite
 * reuses but never gives back to the disk. A large one is offered to `doctor --vacuum`.
 */
export function checkFreeSpace(dataDir: string, minBytes = VACUUM_MIN_BYTES): CheckResult {
  const file = databaseFile(dataDir);
  if (!existsSync(file)) return ok('free space', 'no database yet');
  const { free, total } = freeBytes(file);
  const detail = `${mb(free)} of ${mb(total)} free inside the database`;
  return free >= minBytes && free * 4 >= total
    ? warn('free space', `${detail}: "claude-mem doctor --vacuum" gives it back to the disk`)
    : ok('free space', detail);
}

/**
 * `doctor --vacuum`: rebuilds the database without its free pages. The worker may keep running:
 * its writes wait (captures stay in the spool) while VACUUM holds the write lock.
 */
export function vacuumDatabase(dataDir: string, print: (line: string) => void): number {
  const file = databaseFile(dataDir);
  if (!existsSync(file)) {
    print('no database to vacuum yet');
    return 0;
  }
  const before = statSync(file).size;
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 30000');
    vacuum(db);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  print(`vacuumed ${file}: ${mb(before)} -> ${mb(statSync(file).size)}`);
  return 0;
}
