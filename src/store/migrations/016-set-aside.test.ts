import assert from 'node:assert/strict';
import { test } from 'node:test';
import { migratedTo } from '../../../test/helpers/test-db.ts';
import { migrate } from '../migrate.ts';
import { MIGRATIONS } from './index.ts';

test("migration 016 mends what a store took in before the row door: times, lists, a teammate's huge text", (t) => {
  const db = migratedTo(t, 15);
  db.prepare(
    `INSERT INTO sessions (session_id, project, project_root, cwd, started_at, updated_at)
     VALUES ('s1', 'widget', '/w', '/w', 1, 1)`,
  ).run();
  const insert = db.prepare(
    `INSERT INTO observations (session_id, project, type, title, narrative, files_read, files_modified,
       facts, content_hash, created_at, updated_at, author)
     VALUES (1, 'widget', 'discovery', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  insert.run('far', '', 'not json', '"one"', '', 'h1', 9_000_000_000_000_000_000n, -4, 'alice');
  insert.run('huge', 'z'.repeat(20_000), '["a", 1]', '[]', '[]', 'h2', 5, 5, 'alice');
  insert.run('mine', 'y'.repeat(20_000), '[]', '[]', '[]', 'h3', 5, 5, null);
  migrate(db, MIGRATIONS);
  const rows = db
    .prepare(
      `SELECT title, created_at <= ? AS sane, updated_at, files_read, files_modified, facts,
         length(narrative) AS size FROM observations ORDER BY id`,
    )
    .all(Date.now() + 1000);
  assert.deepEqual(rows, [
    {
      title: 'far',
      sane: 1,
      updated_at: 0,
      files_read: '["not json"]',
      files_modified: '["one"]',
      facts: '[]',
      size: 0,
    },
    {
      title: 'huge',
      sane: 1,
      updated_at: 5,
      files_read: '["a", 1]',
      files_modified: '[]',
      facts: '[]',
      size: 10_000,
    },
    {
      title: 'mine',
      sane: 1,
      updated_at: 5,
      files_read: '[]',
      files_modified: '[]',
      facts: '[]',
      size: 20_000,
    },
  ]);
});
