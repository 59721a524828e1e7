import Database from 'better-sqlite3';
import { join } from 'node:path';

/** Runs `sql` read-only against the test home's database and returns all rows. */
export function queryDb<T = Record<string, unknown>>(
  dataDir: string,
  sql: string,
  ...params: unknown[]
): T[] {
  const db = new Database(join(dataDir, 'claude-mem.db'), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
