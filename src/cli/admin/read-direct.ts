import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { databaseFile } from '../../config/index.ts';
import { LATEST_VERSION, migrate, type Db } from '../../store/index.ts';
import { CliError } from '../cli-error.ts';

/** A database opened for reading by a command while no worker runs; close it when done. */
export interface DirectRead {
  db: Db;
  close(): void;
}

/**
 * The data folder's database opened read-only, for commands that only read while no worker
 * runs (the brief lets admin commands open the database; only the worker writes). A folder with
 * no database yet reads as an empty memory (a migrated in-memory database: the same answer a
 * freshly started worker gives). Undefined when the file's schema is older or newer than this
 * build's: only a worker may migrate it, so the caller goes through one.
 */
export function openDirectRead(dataDir: string): DirectRead | undefined {
  const file = databaseFile(dataDir);
  if (!existsSync(file)) return emptyMemory();
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  if (schemaVersion(db, file) !== LATEST_VERSION) {
    db.close();
    return undefined;
  }
  return { db, close: () => db.close() };
}

function emptyMemory(): DirectRead {
  const db = new Database(':memory:');
  migrate(db);
  return { db, close: () => db.close() };
}

function schemaVersion(db: Db, file: string): number | undefined {
  try {
    return (db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number }).v;
  } catch (error) {
    // No schema table: a database no worker has migrated yet.
    if (/no such table/.test((error as Error).message)) return undefined;
    db.close();
    throw new CliError(
      `cannot read ${file}: ${(error as Error).message}; "claude-mem doctor" checks it and says how to repair it`,
    );
  }
}
