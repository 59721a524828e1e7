import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openTestDb } from '../../../test/helpers/test-db.ts';

test('adds retry times, turn attempts, call duration and one summary per turn', (t) => {
  const db = openTestDb(t);
  const columns = (table: string) =>
    db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all();
  assert.ok(columns('events').includes('next_attempt_at'));
  assert.ok(columns('turns').includes('attempts') && columns('turns').includes('next_attempt_at'));
  assert.ok(columns('usage').includes('duration_ms'));
  db.prepare(
    `INSERT INTO sessions (id, session_id, project, project_root, cwd, started_at, updated_at)
     VALUES (1, 's', 'p', '/p', '/p', 0, 0)`,
  ).run();
  const summary =
    "INSERT INTO summaries (session_id, project, prompt_number, created_at) VALUES (1, 'p', 3, 0)";
  db.prepare(summary).run();
  assert.throws(() => db.prepare(summary).run(), /UNIQUE constraint failed/);
});
