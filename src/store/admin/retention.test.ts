import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import {
  seedObservation,
  seedPrompt,
  seedSession,
  seedSummary,
} from '../../../test/helpers/seed-memory.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { openDatabase, type Db } from '../db.ts';
import { applyRetention, retentionCutoff } from './retention.ts';

const DAY = 86_400_000;
const NOW = 1_750_000_000_000;

function open(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  return db;
}

const titles = (db: Db): string[] =>
  db
    .prepare('SELECT title FROM observations ORDER BY project, created_at')
    .pluck()
    .all() as string[];

function seedAges(db: Db, project: string, days: number[], pinnedDays: number[] = []): void {
  for (const age of days) {
    seedObservation(db, {
      project,
      title: `${project} ${age}d${pinnedDays.includes(age) ? ' pinned' : ''}`,
      pinned: pinnedDays.includes(age),
      createdAt: NOW - age * DAY,
    });
  }
}

test('0 days and 0 per project keep everything', (t) => {
  const db = open(t);
  seedAges(db, 'alpha', [1, 100, 1000]);
  const counts = applyRetention(db, { maxAgeDays: 0, maxPerProject: 0, now: NOW });
  assert.equal(counts.observations, 0);
  assert.equal(titles(db).length, 3);
  assert.equal(retentionCutoff({ maxAgeDays: 0, maxPerProject: 0, now: NOW }), undefined);
});

test('maximum age removes unpinned observations older than the limit and keeps pinned ones', (t) => {
  const db = open(t);
  seedAges(db, 'alpha', [1, 29, 31, 400], [400]);
  applyRetention(db, { maxAgeDays: 30, maxPerProject: 0, now: NOW });
  assert.deepEqual(titles(db), ['alpha 400d pinned', 'alpha 29d', 'alpha 1d']);
});

test('maximum per project keeps the newest unpinned ones of each project, pinned ones on top', (t) => {
  const db = open(t);
  seedAges(db, 'alpha', [1, 2, 3, 4, 5], [5]);
  seedAges(db, 'beta', [1, 2]);
  const counts = applyRetention(db, { maxAgeDays: 0, maxPerProject: 2, now: NOW });
  assert.equal(counts.observations, 2);
  assert.deepEqual(titles(db), ['alpha 5d pinned', 'alpha 2d', 'alpha 1d', 'beta 2d', 'beta 1d']);
});

test('age removes old prompts and summaries, and old sessions only once nothing of them is left', (t) => {
  const db = open(t);
  const gone = seedSession(db, 'gone', 'alpha', { at: NOW - 90 * DAY });
  const kept = seedSession(db, 'kept', 'alpha', { at: NOW - 90 * DAY });
  seedPrompt(db, gone, 'old prompt', NOW - 90 * DAY);
  seedSummary(db, { sessionRowId: gone, createdAt: NOW - 90 * DAY });
  seedObservation(db, {
    title: 'pinned keeps its session',
    sessionRowId: kept,
    pinned: true,
    createdAt: NOW - 90 * DAY,
  });
  const dry = applyRetention(db, { maxAgeDays: 30, maxPerProject: 0, now: NOW }, true);
  assert.equal(db.prepare('SELECT COUNT(*) FROM sessions').pluck().get(), 2);
  const counts = applyRetention(db, { maxAgeDays: 30, maxPerProject: 0, now: NOW });
  assert.deepEqual(dry, counts);
  assert.deepEqual(counts, {
    observations: 0,
    summaries: 1,
    prompts: 1,
    events: 0,
    turns: 0,
    sessions: 1,
  });
  assert.deepEqual(db.prepare('SELECT session_id FROM sessions').pluck().all(), ['kept']);
});
