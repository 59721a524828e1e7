import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { migrate, openDatabase, type Db } from '../../src/store/index.ts';
import { MIGRATIONS } from '../../src/store/migrations/index.ts';
import { tempDir } from './temp-dir.ts';

/**
 * A real database as the worker opens it (WAL, foreign keys, every migration) in a fresh temp
 * folder, closed when the test ends. `file` names it when a test reopens the same path.
 */
export function openTestDb(t: TestContext, file = 'claude-mem.db'): Db {
  const db = openDatabase(join(tempDir(t), file));
  t.after(() => db.close());
  return db;
}

/**
 * A bare database (no pragmas) migrated up to and including `version`, as an older build left
 * it, closed when the test ends: a migration test fills it, then runs `migrate(db)` on it.
 */
export function migratedTo(t: TestContext, version: number): Db {
  const db = new Database(join(tempDir(t), 'old.db'));
  t.after(() => db.close());
  migrate(
    db,
    MIGRATIONS.filter((migration) => migration.version <= version),
  );
  return db;
}

/** The versions of every migration after `version`: what `migrate(db)` applies to migratedTo's. */
export const migrationsAfter = (version: number): number[] =>
  MIGRATIONS.filter((migration) => migration.version > version).map((m) => m.version);
