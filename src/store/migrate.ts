import type { Db } from './statements.ts';
import { registerCodeTerms } from './fulltext/code-terms.ts';
import { MIGRATIONS, type Migration } from './migrations/index.ts';

/** The newest schema version this build knows. */
export const LATEST_VERSION = Math.max(...MIGRATIONS.map((migration) => migration.version));

/** The schema version recorded in the database (0 when none). */
export function currentVersion(db: Db): number {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as {
    version: number | null;
  };
  return row.version ?? 0;
}

/**
 * Applies every migration newer than the recorded version, each inside its own transaction
 * together with its schema_migrations row, so a crash leaves the schema at a known version.
 * Registers the SQL functions the schema's triggers call (`cm_code_terms`).
 */
export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): number[] {
  // The full-text triggers of migration 9 call it: every connection that writes migrates first.
  registerCodeTerms(db);
  const from = currentVersion(db);
  const applied: number[] = [];
  for (const migration of migrations.filter((m) => m.version > from)) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        Date.now(),
      );
    }).immediate();
    applied.push(migration.version);
  }
  return applied;
}
