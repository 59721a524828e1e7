import assert from 'node:assert/strict';
import { test } from 'node:test';
import { migratedTo } from '../../../test/helpers/test-db.ts';
import { migrate } from '../migrate.ts';
import { MIGRATIONS } from './index.ts';

test('every full-text index holds 8 MB of a transaction before writing a segment, and stays sound', (t) => {
  const db = migratedTo(t, 13);
  db.exec(
    `INSERT INTO observations (project, type, title, content_hash, created_at, updated_at)
     VALUES ('app', 'change', 'spool worker', 'h', 1, 1)`,
  );
  migrate(db, MIGRATIONS);
  for (const table of ['observations_fts', 'summaries_fts', 'prompts_fts']) {
    const size = db.prepare(`SELECT v FROM ${table}_config WHERE k = 'hashsize'`).pluck().get();
    assert.equal(size, 8 * 1024 * 1024, table);
    db.prepare(`INSERT INTO ${table} (${table}) VALUES ('integrity-check')`).run();
  }
  const found = db
    .prepare("SELECT rowid FROM observations_fts WHERE observations_fts MATCH 'spool'")
    .pluck()
    .all();
  assert.deepEqual(found, [1]);
});
