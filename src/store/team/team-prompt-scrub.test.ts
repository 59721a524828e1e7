import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { openDatabase } from '../db.ts';
import { sharedRow } from './team-outbox.ts';
import { PROMPT_OMITTED } from './team-prompt-scrub.ts';

const PROMPT = 'make the zebracorn checkout retry twice before failing\nand log it';

function store(t: Parameters<typeof tempDir>[0]) {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  db.prepare(
    `INSERT INTO sessions (session_id, project, project_root, cwd, started_at, updated_at)
     VALUES ('s1', 'widget', '/w', '/w', 1, 1)`,
  ).run();
  db.prepare(
    `INSERT INTO prompts (event_uid, session_id, project, prompt_number, text, created_at)
     VALUES ('p1', 1, 'widget', 1, ?, 1)`,
  ).run(PROMPT);
  return db;
}

test("a shared summary's request is the lead of its work, never the prompt", (t) => {
  const db = store(t);
  const id = db
    .prepare(
      `INSERT INTO summaries (session_id, project, prompt_number, request, completed, investigated, created_at, scope)
       VALUES (1, 'widget', 1, ?, 'Edited src/pay.ts: added function retry; Ran npm test', 'Read a.ts', 5, 'team')`,
    )
    .run(PROMPT).lastInsertRowid;
  const row = sharedRow(db, 'summary', Number(id));
  assert.equal(row?.body.request, 'Edited src/pay.ts: added function retry');
  assert.doesNotMatch(JSON.stringify(row), /zebracorn/);
});

test('a quote of the prompt, whole or cut short, is taken out of every text field', (t) => {
  const db = store(t);
  const id = db
    .prepare(
      `INSERT INTO observations (session_id, project, type, title, subtitle, narrative, content_hash, created_at, updated_at, scope)
       VALUES (1, 'widget', 'change', 'Edited pay.ts', ?, ?, 'h', 1, 1, 'team')`,
    )
    .run(
      'For "make the zebracorn checkout retry tw…"; 1 change',
      `Edited pay.ts while working on "${PROMPT.split('\n')[0]}" (1 change).`,
    ).lastInsertRowid;
  const row = sharedRow(db, 'observation', Number(id));
  assert.deepEqual(
    [row?.body.title, row?.body.subtitle, row?.body.narrative],
    [
      'Edited pay.ts',
      `For "${PROMPT_OMITTED}…"; 1 change`,
      `Edited pay.ts while working on "${PROMPT_OMITTED}" (1 change).`,
    ],
  );
});
