import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  seedObservation,
  seedPrompt,
  seedSession,
  seedSummary,
  READ_EVENT,
} from '../../../test/helpers/seed-memory.ts';
import { openTestDb } from '../../../test/helpers/test-db.ts';
import { insertToolEvent } from '../capture/captured.ts';
import { type Db } from '../db.ts';
import { EXPORT_KINDS, exportPage, type ExportFilter, type ExportRecord } from './export-import.ts';
import { importRecords, type ImportRecord } from './import-merge.ts';
import { insertMemory } from '../memory/memory-edit.ts';

function exportAll(db: Db, filter: ExportFilter = {}, limit = 2): ExportRecord[] {
  return EXPORT_KINDS.flatMap((kind) => {
    const records: ExportRecord[] = [];
    for (let after: number | undefined = 0; after !== undefined;) {
      const page = exportPage(db, kind, filter, after, limit);
      records.push(...page.records);
      after = page.next;
    }
    return records;
  });
}

function seed(db: Db): void {
  const s1 = seedSession(db, 'sess-a', 'alpha', { at: 1000 });
  const s2 = seedSession(db, 'sess-b', 'beta', { at: 5000 });
  seedPrompt(db, s1, 'first prompt', 1100);
  seedPrompt(db, s2, 'beta prompt', 5100, 'beta');
  insertToolEvent(db, {
    eventUid: 'evt-1',
    toolUseId: 'toolu-1',
    sessionRowId: s1,
    project: 'alpha',
    promptNumber: 1,
    ...READ_EVENT,
    at: 1200,
  });
  const o = seedObservation(db, {
    title: 'alpha fact',
    sessionRowId: s1,
    facts: ['f1'],
    createdAt: 1300,
    pinned: true,
  });
  db.prepare(
    "UPDATE observations SET source_event_ids = '[1]', provider = 'anthropic', model = 'm' WHERE id = ?",
  ).run(o);
  seedObservation(db, { title: 'beta fact', project: 'beta', sessionRowId: s2, createdAt: 5300 });
  seedSummary(db, { sessionRowId: s1, request: 'alpha request', createdAt: 1400, promptNumber: 1 });
  insertMemory(db, {
    project: 'alpha',
    title: 'a memory',
    text: 'no session',
    type: 'decision',
    concepts: ['c'],
    files: [],
    sessionRowId: null,
    pinned: false,
    at: 1500,
  });
}

const rows = (db: Db, table: string) => db.prepare(`SELECT * FROM ${table} ORDER BY id`).all();

test('an export restored into an empty database gives the same rows, ids included', (t) => {
  const source = openTestDb(t);
  seed(source);
  const records = exportAll(source);
  const kinds = records.map((r) => r.kind);
  assert.deepEqual(kinds, [
    'session',
    'session',
    'prompt',
    'prompt',
    'observation',
    'observation',
    'observation',
    'summary',
  ]);
  const observation = records.find((r) => r.title === 'alpha fact');
  assert.deepEqual(
    [
      observation?.session_id,
      observation?.source_event_uids,
      observation?.provider,
      observation?.pinned,
    ],
    ['sess-a', ['evt-1'], 'anthropic', true],
  );
  const target = openTestDb(t);
  const { counts } = importRecords(target, records as unknown as ImportRecord[]);
  assert.deepEqual(counts.observation, { added: 3, skipped: 0 });
  for (const table of ['prompts', 'summaries'])
    assert.deepEqual(rows(target, table), rows(source, table));
  const withoutProvenance = (db: Db) =>
    db
      .prepare('SELECT * FROM observations ORDER BY id')
      .all()
      .map((row) => ({ ...(row as object), source_event_ids: '' }));
  assert.deepEqual(withoutProvenance(target), withoutProvenance(source));
  assert.equal(
    target
      .prepare("SELECT COUNT(*) FROM observations_fts WHERE observations_fts MATCH 'fact'")
      .pluck()
      .get(),
    2,
  );
});

test('importing the same records again adds nothing', (t) => {
  const source = openTestDb(t);
  seed(source);
  const records = exportAll(source) as unknown as ImportRecord[];
  const target = openTestDb(t);
  importRecords(target, records);
  const again = importRecords(target, records).counts;
  assert.deepEqual(
    Object.values(again).map((c) => c.added),
    [0, 0, 0, 0],
  );
  assert.deepEqual(
    Object.values(again).map((c) => c.skipped),
    [2, 2, 3, 1],
  );
});

test('merging into a database that holds other rows keeps both and takes new ids on collision', (t) => {
  const source = openTestDb(t);
  seed(source);
  const target = openTestDb(t);
  const other = seedSession(target, 'sess-z', 'zeta');
  seedObservation(target, { title: 'zeta one', project: 'zeta', sessionRowId: other });
  importRecords(target, exportAll(source) as unknown as ImportRecord[]);
  assert.deepEqual(target.prepare('SELECT id, title FROM observations ORDER BY id').all(), [
    { id: 1, title: 'zeta one' },
    { id: 2, title: 'alpha fact' },
    { id: 3, title: 'beta fact' },
    { id: 4, title: 'a memory' },
  ]);
  assert.equal(
    target.prepare('SELECT source_event_ids FROM observations WHERE id = 2').pluck().get(),
    '[]',
  );
});

test('an export of one project since a date holds its sessions and what is newer', (t) => {
  const source = openTestDb(t);
  seed(source);
  const records = exportAll(source, { project: 'alpha', since: 1250 });
  assert.deepEqual(
    records.map((r) => `${r.kind}:${String(r.title ?? r.request ?? r.text ?? r.session_id)}`),
    ['session:sess-a', 'observation:alpha fact', 'observation:a memory', 'summary:alpha request'],
  );
});
