import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import type { Db } from '../statements.ts';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { migratedTo } from '../../../test/helpers/test-db.ts';
import { migrate } from '../migrate.ts';

const match = (db: Db, query: string): number[] =>
  db
    .prepare('SELECT rowid FROM observations_fts WHERE observations_fts MATCH ? ORDER BY rowid')
    .pluck()
    .all(query) as number[];

test('observations stored before migration 9 are indexed by their split identifiers and paths', (t) => {
  const db = migratedTo(t, 8);
  db.prepare(
    `INSERT INTO observations (project, type, title, narrative, files_modified, content_hash,
       created_at, updated_at)
     VALUES ('alpha', 'change', 'Throttle', 'new rateLimiter', '["src/api/quota-store.ts"]', 'h', 0, 0)`,
  ).run();
  assert.deepEqual(match(db, '"rate limiter"'), []);
  migrate(db);
  assert.deepEqual(match(db, '"rate limiter"'), [1]);
  assert.deepEqual(match(db, '"rateLimiter"'), [1]);
  assert.deepEqual(match(db, 'quota store'), [1]);
  assert.deepEqual(match(db, 'search_keys: x'), []);
  db.prepare(
    `INSERT INTO observations_fts (observations_fts, rank) VALUES ('integrity-check', 1)`,
  ).run();
});

test('search keys are indexed in their own column and follow edits', (t) => {
  const db = new Database(join(tempDir(t), 'new.db'));
  t.after(() => db.close());
  migrate(db);
  db.prepare(
    `INSERT INTO observations (project, type, title, search_keys, content_hash, created_at,
       updated_at) VALUES ('alpha', 'bugfix', 'Fixed', 'ECONNREFUSED worker down', 'h', 0, 0)`,
  ).run();
  assert.deepEqual(match(db, 'search_keys: econnrefused'), [1]);
  db.prepare(`UPDATE observations SET search_keys = 'port taken' WHERE id = 1`).run();
  assert.deepEqual(match(db, 'econnrefused'), []);
  assert.deepEqual(match(db, 'search_keys: port'), [1]);
  db.prepare(
    `INSERT INTO observations_fts (observations_fts, rank) VALUES ('integrity-check', 1)`,
  ).run();
});
