import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { seedObservation, seedSession } from '../../../test/helpers/seed-memory.ts';
import { summaryInput } from '../../../test/helpers/summary-input.ts';
import { openTestDb } from '../../../test/helpers/test-db.ts';
import { importRecords, type ImportRecord } from '../admin/import-merge.ts';
import { type Db } from '../db.ts';
import { applyPulled } from '../team/team-pulled.ts';
import { insertMemory, type MemoryInput } from './memory-edit.ts';
import { EDITABLE_COLUMNS, updateObservation, type ObservationPatch } from './memory-manage.ts';
import { contentColumns, doorColumns, SUMMARY_CONTENT, type MemoryKind } from './memory-columns.ts';
import { insertObservation, type ObservationInput } from './observations-write.ts';
import { upsertSummary, type SummaryInput } from './summaries-write.ts';
import { CLEAN, LEAK, plantColumn } from '../../../test/helpers/planted-column.ts';

/** A new text column in the kind's content list (see plantColumn). */
function plant(t: TestContext, db: Db, kind: MemoryKind): void {
  const { table, columns } = contentColumns(kind);
  plantColumn(t, db, table, columns);
}

/** The planted column made editable too, as a person's edit would need. */
function plantEditable(t: TestContext): void {
  const editable = EDITABLE_COLUMNS as string[];
  editable.push('planted');
  t.after(() => editable.pop());
}

const pulled = (kind: MemoryKind, n: number, body: Record<string, unknown>) => ({
  seq: n,
  global_id: `7d8f3c2a-1b4e-4f6a-9c3d-2e1f0a9b8c7${n}`,
  kind,
  author: 'alice',
  version: 1,
  deleted: false,
  created_at: 1000,
  body,
});

const spend = { provider: 'user', model: null, tokens_in: 0, tokens_out: 0 };

test('every content column is a column of its table', (t) => {
  const db = openTestDb(t);
  for (const kind of ['observation', 'summary'] as const) {
    const { table, columns } = contentColumns(kind);
    const stored = (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);
    assert.deepEqual(
      Object.keys(columns).filter((column) => !stored.includes(column)),
      [],
    );
  }
});

test('the door list is every text and list column of the one content list', () => {
  assert.deepEqual(doorColumns('observation'), [
    'title',
    'subtitle',
    'narrative',
    'facts',
    'concepts',
    'files_read',
    'files_modified',
    'search_keys',
  ]);
  assert.deepEqual(
    doorColumns('summary'),
    Object.keys(SUMMARY_CONTENT).filter((column) => column !== 'prompt_number'),
  );
});

test('a text column planted in the observation list passes the privacy door on every write path', (t) => {
  const db = openTestDb(t);
  plant(t, db, 'observation');
  plantEditable(t);
  const s = seedSession(db, 's1');
  const observation = {
    sessionRowId: s,
    project: 'alpha',
    promptNumber: 1,
    type: 'change',
    title: 'captured',
    subtitle: '',
    narrative: '',
    facts: [],
    concepts: [],
    filesRead: [],
    filesModified: [],
    sourceEventIds: [],
    provider: 'heuristic',
    model: null,
    tokensIn: 0,
    tokensOut: 0,
    contentHash: 'h1',
    at: 1,
    planted: LEAK,
  } satisfies ObservationInput & { planted: string };
  insertObservation(db, observation);
  const saved = { project: 'alpha', title: 'saved', text: 'by hand', type: 'decision' } as const;
  const memory = { ...saved, concepts: [], files: [], sessionRowId: null, pinned: false, at: 2 };
  const withPlanted = { ...memory, planted: LEAK } satisfies MemoryInput & { planted: string };
  insertMemory(db, withPlanted);
  const edited = seedObservation(db, { title: 'edited' });
  updateObservation(db, edited, { planted: LEAK } as ObservationPatch, 3);
  const common = { id: null, session_id: 's1', project: 'alpha', created_at: 4, updated_at: 4 };
  const imported = {
    ...common,
    ...spend,
    kind: 'observation' as const,
    title: 'imported',
    planted: LEAK,
  };
  const record = { ...imported, source_event_uids: [], content_hash: 'h2', pinned: false };
  importRecords(db, [record satisfies ImportRecord]);
  applyPulled(db, 'alpha', pulled('observation', 1, { title: 'pulled', planted: LEAK }), 5);
  assert.deepEqual(db.prepare('SELECT title, planted FROM observations ORDER BY id').all(), [
    { title: 'captured', planted: CLEAN },
    { title: 'saved', planted: CLEAN },
    { title: 'edited', planted: CLEAN },
    { title: 'imported', planted: CLEAN },
    { title: 'pulled', planted: CLEAN },
  ]);
});

test('a text column planted in the summary list passes the privacy door on every write path', (t) => {
  const db = openTestDb(t);
  plant(t, db, 'summary');
  const s = seedSession(db, 's1');
  const summary = {
    ...summaryInput(s, { request: 'r', notes: 'captured' }),
    planted: LEAK,
  } satisfies SummaryInput & { planted: string };
  upsertSummary(db, summary);
  const common = { id: null, session_id: 's1', project: 'alpha', created_at: 2 };
  const record = {
    ...common,
    ...spend,
    kind: 'summary' as const,
    prompt_number: 2,
    notes: 'imported',
  };
  importRecords(db, [{ ...record, planted: LEAK } satisfies ImportRecord]);
  const body = { prompt_number: 3, notes: 'pulled', planted: LEAK };
  applyPulled(db, 'alpha', pulled('summary', 2, body), 3);
  assert.deepEqual(db.prepare('SELECT notes, planted FROM summaries ORDER BY id').all(), [
    { notes: 'captured', planted: CLEAN },
    { notes: 'imported', planted: CLEAN },
    { notes: 'pulled', planted: CLEAN },
  ]);
});

test('an edit writes only the editable columns, whatever else its patch holds', (t) => {
  const db = openTestDb(t);
  const id = seedObservation(db, { title: 'before' });
  const patch = { title: 'after', type: 'bugfix', prompt_number: 9, concepts: ['x'] };
  updateObservation(db, id, patch as ObservationPatch, 2);
  assert.deepEqual(
    db.prepare('SELECT title, type, prompt_number, concepts FROM observations').get(),
    {
      title: 'after',
      type: 'discovery',
      prompt_number: 1,
      concepts: '[]',
    },
  );
});
