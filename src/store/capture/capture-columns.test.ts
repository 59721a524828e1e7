import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { CLEAN, LEAK, plantColumn } from '../../../test/helpers/planted-column.ts';
import { openTestDb } from '../../../test/helpers/test-db.ts';
import { exportPage } from '../admin/export-import.ts';
import { importRecords, type ImportRecord } from '../admin/import-merge.ts';
import { type Db } from '../db.ts';
import { applyPulled } from '../team/team-pulled.ts';
import { captureColumns, captureValues, type CaptureTable } from './capture-columns.ts';
import { insertPrompt, type PromptInput } from './captured.ts';
import { nextPrompt, upsertSession, type SessionInput } from './sessions.ts';

/** A new text column in the table's column list (see plantColumn). */
const plant = (t: TestContext, db: Db, table: CaptureTable) =>
  plantColumn(t, db, table, captureColumns(table));

/** The planted column of every row of `table` (the captured one first), stored and exported. */
function planted(db: Db, table: CaptureTable) {
  const kind = table === 'sessions' ? 'session' : 'prompt';
  return {
    stored: db.prepare(`SELECT planted FROM ${table} ORDER BY id`).pluck().all(),
    exported: exportPage(db, kind, {}, 0).records.map((record) => record.planted),
  };
}

const exported = {
  kind: 'session' as const,
  project: 'alpha',
  project_root: '/work/alpha',
  cwd: '/work/alpha',
  git_branch: null,
  transcript_path: null,
  source: 'startup',
  status: 'completed' as const,
  prompt_count: 1,
  title: 'imported',
  started_at: 2,
  updated_at: 2,
  ended_at: null,
  end_reason: null,
  compacted_at: null,
};

const captured = { project: 'alpha', projectRoot: '/work/alpha', cwd: '/work/alpha', at: 1 };

test('every column of the session and prompt lists is a column of its table', (t) => {
  const db = openTestDb(t);
  for (const table of ['sessions', 'prompts'] as const) {
    const stored = (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);
    assert.deepEqual(
      Object.keys(captureColumns(table)).filter((column) => !stored.includes(column)),
      [],
    );
  }
});

test('the mapper writes the listed columns the input holds, only the text ones through the door', () => {
  const input = { sessionId: LEAK, cwd: LEAK, title: LEAK, kind: 'session', agent: 'codex' };
  assert.deepEqual(captureValues('sessions', input), { session_id: LEAK, cwd: LEAK, title: CLEAN });
  const prompt = { eventUid: 'e1', promptNumber: 2, text: LEAK, at: 3, sessionRowId: 4 };
  assert.deepEqual(captureValues('prompts', prompt), {
    event_uid: 'e1',
    prompt_number: 2,
    text: CLEAN,
  });
});

test('a text column planted in the prompt list passes the privacy door on capture and import, and is exported', (t) => {
  const db = openTestDb(t);
  plant(t, db, 'prompts');
  const { id } = upsertSession(db, { ...captured, sessionId: 's1' });
  const prompt = { eventUid: 'e1', sessionRowId: id, project: 'alpha', promptNumber: 1, at: 1 };
  const input = { ...prompt, text: 'captured', planted: LEAK };
  insertPrompt(db, input satisfies PromptInput & { planted: string });
  const common = { kind: 'prompt' as const, id: null, event_uid: null, session_id: 's1' };
  const record = { ...common, project: 'alpha', prompt_number: 2, text: 'imported', created_at: 2 };
  importRecords(db, [{ ...record, planted: LEAK } satisfies ImportRecord]);
  assert.deepEqual(planted(db, 'prompts'), { stored: [CLEAN, CLEAN], exported: [CLEAN, CLEAN] });
});

test('a text column planted in the session list passes the privacy door on capture and import, and is exported', (t) => {
  const db = openTestDb(t);
  plant(t, db, 'sessions');
  const input = { ...captured, sessionId: 's1', planted: LEAK };
  upsertSession(db, input satisfies SessionInput & { planted: string });
  const record = { ...exported, session_id: 's2', planted: LEAK };
  importRecords(db, [record satisfies ImportRecord]);
  assert.deepEqual(planted(db, 'sessions'), { stored: [CLEAN, CLEAN], exported: [CLEAN, CLEAN] });
});

test('a session title passes the privacy door on capture, import and team pull', (t) => {
  const db = openTestDb(t);
  const { id } = upsertSession(db, { ...captured, sessionId: 's1' });
  nextPrompt(db, id, LEAK);
  importRecords(db, [{ ...exported, session_id: 's2', title: LEAK } satisfies ImportRecord]);
  const row = {
    seq: 1,
    global_id: '7d8f3c2a-1b4e-4f6a-9c3d-2e1f0a9b8c71',
    kind: 'observation' as const,
    author: 'DB_PASSWORD=hunter2-Secret9',
    version: 1,
    deleted: false,
    created_at: 3,
    body: { title: 'pulled' },
  };
  applyPulled(db, 'alpha', row, 3);
  assert.deepEqual(db.prepare('SELECT title FROM sessions ORDER BY id').pluck().all(), [
    CLEAN,
    CLEAN,
    'shared by DB_PASSWORD=[REDACTED:password]',
  ]);
});
