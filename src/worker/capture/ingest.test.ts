import assert from 'node:assert/strict';
import { readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { ensureDataDir, quarantineDir, spoolDir } from '../../config/index.ts';
import { listSpool, spoolFileName, writeSpoolEvent, type SpoolEvent } from '../../spool/index.ts';
import { openDatabase, type Db } from '../../store/index.ts';
import { recordingLogger } from '../../../test/helpers/logger.ts';
import {
  promptEvent,
  sessionEndEvent,
  sessionStartEvent,
  toolEvent,
  turnEndEvent,
} from '../../../test/helpers/spool-events.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { ingestAll, ingestBatch } from './ingest.ts';

function home(t: TestContext): {
  dataDir: string;
  db: Db;
  log: ReturnType<typeof recordingLogger>;
} {
  const dataDir = tempDir(t);
  ensureDataDir(dataDir);
  const db = openDatabase(join(dataDir, 'claude-mem.db'));
  t.after(() => db.close());
  return { dataDir, db, log: recordingLogger() };
}

const spool = (dataDir: string, events: SpoolEvent[]): void => {
  for (const event of events) writeSpoolEvent(dataDir, event);
};

const writeRaw = (dataDir: string, text: string, at: number): void =>
  writeFileSync(join(spoolDir(dataDir), spoolFileName(at)), text);

const rows = (db: Db, sql: string): unknown[] => db.prepare(sql).all();
const count = (db: Db, table: string): unknown =>
  db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get();

test('ingestAll stores every spooled event and empties the spool', (t) => {
  const { dataDir, db, log } = home(t);
  spool(dataDir, [sessionStartEvent(), promptEvent(), toolEvent(), toolEvent(), turnEndEvent()]);
  const result = ingestAll(dataDir, db, log);
  assert.deepEqual([result.stored, result.duplicates, result.quarantined], [5, 0, 0]);
  assert.deepEqual(listSpool(dataDir), []);
  assert.deepEqual(
    [count(db, 'sessions'), count(db, 'prompts'), count(db, 'events'), count(db, 'turns')],
    [1, 1, 2, 1],
  );
});

test('the same spool file content delivered twice is stored once', (t) => {
  const { dataDir, db, log } = home(t);
  const event = toolEvent();
  spool(dataDir, [event]);
  ingestAll(dataDir, db, log);
  spool(dataDir, [event]);
  const again = ingestAll(dataDir, db, log);
  assert.deepEqual([again.stored, again.duplicates], [0, 1]);
  assert.equal(count(db, 'events'), 1);
  assert.deepEqual(listSpool(dataDir), []);
});

test('a redelivered prompt does not advance the prompt counter again', (t) => {
  const { dataDir, db, log } = home(t);
  const prompt = promptEvent();
  spool(dataDir, [prompt, prompt]);
  ingestAll(dataDir, db, log);
  assert.deepEqual(rows(db, 'SELECT prompt_count FROM sessions'), [{ prompt_count: 1 }]);
  assert.equal(count(db, 'prompts'), 1);
});

test('two captures of one tool_use_id (different event ids) store one event', (t) => {
  const { dataDir, db, log } = home(t);
  spool(dataDir, [toolEvent({ toolUseId: 'toolu_x' }), toolEvent({ toolUseId: 'toolu_x' })]);
  const result = ingestAll(dataDir, db, log);
  assert.deepEqual([result.stored, result.duplicates], [1, 1]);
  assert.equal(count(db, 'events'), 1);
});

test('a corrupt file is quarantined with its reason while the others are ingested', (t) => {
  const { dataDir, db, log } = home(t);
  spool(dataDir, [toolEvent({ at: 1 })]);
  writeRaw(dataDir, '{"v":1,"id":"half', 2);
  spool(dataDir, [toolEvent({ at: 3 })]);
  const result = ingestAll(dataDir, db, log);
  assert.deepEqual([result.stored, result.quarantined], [2, 1]);
  assert.equal(count(db, 'events'), 2);
  assert.deepEqual(listSpool(dataDir), []);
  const names = readdirSync(quarantineDir(dataDir)).sort();
  assert.equal(names.length, 2);
  assert.match(
    readFileSync(join(quarantineDir(dataDir), names[1] ?? ''), 'utf8'),
    /not valid JSON/,
  );
  assert.match(
    log.lines.map((line) => line.message).join('\n'),
    /spool file quarantined: not valid JSON/,
  );
});

test('an event the database rejects is quarantined alone and the rest of its batch is stored', (t) => {
  const { dataDir, db, log } = home(t);
  const withoutInput = { ...toolEvent({ at: 2 }), input: undefined }; // JSON drops the key
  spool(dataDir, [toolEvent({ at: 1 }), withoutInput as SpoolEvent, toolEvent({ at: 3 })]);
  const result = ingestAll(dataDir, db, log);
  assert.equal(result.stored, 2);
  assert.equal(count(db, 'events'), 2);
  assert.deepEqual(listSpool(dataDir), []);
  const reasons = readdirSync(quarantineDir(dataDir)).filter((name) => name.endsWith('.reason'));
  assert.equal(reasons.length, 1);
  assert.match(
    readFileSync(join(quarantineDir(dataDir), reasons[0] ?? ''), 'utf8'),
    /^database rejected it/,
  );
});

test('tool events and turn ends get the number of the prompt they follow', (t) => {
  const { dataDir, db, log } = home(t);
  spool(dataDir, [
    sessionStartEvent(),
    toolEvent({ toolUseId: 'before-any-prompt' }),
    promptEvent({ text: 'one' }),
    toolEvent({ toolUseId: 'a' }),
    turnEndEvent(),
    promptEvent({ text: 'two' }),
    toolEvent({ toolUseId: 'b' }),
    toolEvent({ toolUseId: 'c' }),
    turnEndEvent(),
  ]);
  ingestAll(dataDir, db, log);
  assert.deepEqual(rows(db, 'SELECT tool_use_id, prompt_number FROM events ORDER BY id'), [
    { tool_use_id: 'before-any-prompt', prompt_number: 0 },
    { tool_use_id: 'a', prompt_number: 1 },
    { tool_use_id: 'b', prompt_number: 2 },
    { tool_use_id: 'c', prompt_number: 2 },
  ]);
  assert.deepEqual(rows(db, 'SELECT prompt_number, text FROM prompts ORDER BY id'), [
    { prompt_number: 1, text: 'one' },
    { prompt_number: 2, text: 'two' },
  ]);
  assert.deepEqual(rows(db, 'SELECT prompt_number FROM turns ORDER BY id'), [
    { prompt_number: 1 },
    { prompt_number: 2 },
  ]);
});

test('a fully private prompt takes a number but is stored nowhere, not even as the title', (t) => {
  const { dataDir, db, log } = home(t);
  spool(dataDir, [
    promptEvent({ text: null }),
    promptEvent({ text: 'visible' }),
    toolEvent({ toolUseId: 't' }),
  ]);
  ingestAll(dataDir, db, log);
  assert.deepEqual(rows(db, 'SELECT prompt_number, text FROM prompts'), [
    { prompt_number: 2, text: 'visible' },
  ]);
  assert.deepEqual(rows(db, 'SELECT prompt_count, title FROM sessions'), [
    { prompt_count: 2, title: 'visible' },
  ]);
  assert.deepEqual(rows(db, 'SELECT prompt_number FROM events'), [{ prompt_number: 2 }]);
});

test('SessionEnd marks the session completed with its reason', (t) => {
  const { dataDir, db, log } = home(t);
  spool(dataDir, [
    promptEvent(),
    toolEvent(),
    sessionEndEvent({ reason: 'logout', at: 1_800_000_000_000 }),
  ]);
  ingestAll(dataDir, db, log);
  assert.deepEqual(rows(db, 'SELECT status, end_reason, ended_at FROM sessions'), [
    { status: 'completed', end_reason: 'logout', ended_at: 1_800_000_000_000 },
  ]);
});

test('events of different sessions and projects land in their own sessions', (t) => {
  const { dataDir, db, log } = home(t);
  const beta = { sessionId: 'beta-1', project: { name: 'beta', root: '/beta' } };
  spool(dataDir, [promptEvent(), promptEvent(beta), toolEvent(beta), toolEvent()]);
  ingestAll(dataDir, db, log);
  assert.deepEqual(rows(db, 'SELECT session_id, project, prompt_count FROM sessions ORDER BY id'), [
    { session_id: 'session-1', project: 'alpha', prompt_count: 1 },
    { session_id: 'beta-1', project: 'beta', prompt_count: 1 },
  ]);
  assert.deepEqual(rows(db, 'SELECT project FROM events ORDER BY id'), [
    { project: 'beta' },
    { project: 'alpha' },
  ]);
});

test('ingestBatch takes at most batchSize files per call; ingestAll drains them all', (t) => {
  const { dataDir, db, log } = home(t);
  spool(
    dataDir,
    Array.from({ length: 7 }, () => toolEvent()),
  );
  assert.equal(ingestBatch(dataDir, db, log, 3).stored, 3);
  assert.equal(listSpool(dataDir).length, 4);
  assert.equal(ingestAll(dataDir, db, log).stored, 4);
});

test('ingestAll of an empty spool does nothing', (t) => {
  const { dataDir, db, log } = home(t);
  assert.deepEqual(ingestAll(dataDir, db, log), {
    stored: 0,
    duplicates: 0,
    quarantined: 0,
    applied: [],
  });
});

test('ingestAll reports what it applied, for the live stream', (t) => {
  const { dataDir, db, log } = home(t);
  const event = toolEvent();
  spool(dataDir, [event]);
  assert.deepEqual(ingestAll(dataDir, db, log).applied, [
    { kind: 'tool', sessionId: event.sessionId, duplicate: false },
  ]);
});

test('a complete event left in a temp file over a minute ago is ingested', (t) => {
  const { dataDir, db, log } = home(t);
  const event = toolEvent();
  const temp = join(spoolDir(dataDir), `${spoolFileName(event.at)}.x1.tmp`);
  writeFileSync(temp, JSON.stringify(event));
  utimesSync(temp, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
  const result = ingestAll(dataDir, db, log);
  assert.equal(result.stored, 1);
  assert.equal(count(db, 'events'), 1);
  assert.deepEqual(
    readdirSync(spoolDir(dataDir)).filter((name) => name.endsWith('.tmp')),
    [],
  );
});
