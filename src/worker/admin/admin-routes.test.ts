import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { routeCaller } from '../../../test/helpers/route-call.ts';
import { seedObservation, seedSession } from '../../../test/helpers/seed-memory.ts';
import { promptEvent, sessionStartEvent, toolEvent } from '../../../test/helpers/spool-events.ts';
import { createTestDeps } from '../../../test/helpers/worker-deps.ts';
import { createApp } from '../app.ts';
import { createRetentionService } from './retention-service.ts';

const NOW = 1_750_000_000_000;
const DAY = 86_400_000;

function setup(
  t: TestContext,
  retention = { 'retention.maxAgeDays': 0, 'retention.maxPerProject': 0 },
) {
  const deps = createTestDeps(t, { now: () => NOW });
  const service = createRetentionService(deps, { settings: () => retention });
  const app = createApp(deps, [service]);
  const call = routeCaller(app);
  return { deps, call };
}

const count = (
  t: { deps: { db: { prepare(sql: string): { pluck(): { get(): unknown } } } } },
  table: string,
) => t.deps.db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get();

test('backfill events are applied in order, once, and a bad one is refused by index', async (t) => {
  const s = setup(t);
  const events = [
    sessionStartEvent({ sessionId: 'bf' }),
    promptEvent({ sessionId: 'bf' }),
    toolEvent({ sessionId: 'bf' }),
  ];
  const first = await s.call('POST', '/api/admin/backfill/events', { events });
  assert.deepEqual([first.status, first.body], [200, { stored: 3, duplicates: 0 }]);
  const again = await s.call('POST', '/api/admin/backfill/events', { events });
  assert.deepEqual(again.body, { stored: 0, duplicates: 3 });
  assert.equal(s.deps.db.prepare('SELECT prompt_number FROM events').pluck().get(), 1);
  const bad = await s.call('POST', '/api/admin/backfill/events', { events: [events[0], { v: 1 }] });
  assert.equal(bad.status, 400);
  assert.match(String((bad.body.error as { message: string }).message), /^events\.1: missing id/);
  const known = await s.call('POST', '/api/admin/backfill/sessions', {
    sessions: [
      { session_id: 'bf', start_uid: events[0]?.id },
      { session_id: 'bf', start_uid: 'other' },
      { session_id: 'unknown', start_uid: 'x' },
    ],
  });
  assert.deepEqual(known.body.known, [
    { session_id: 'bf', backfilled: true },
    { session_id: 'bf', backfilled: false },
  ]);
});

test('every admin POST needs the token', async (t) => {
  const s = setup(t);
  for (const path of [
    '/api/admin/forget',
    '/api/admin/purge',
    '/api/admin/import',
    '/api/admin/backfill/events',
    '/api/retention/run',
  ]) {
    assert.equal((await s.call('POST', path, {}, null)).status, 401, path);
  }
});

test('forget previews with titles, then deletes; ids and a scope together are refused', async (t) => {
  const s = setup(t);
  const session = seedSession(s.deps.db, 's1', 'alpha');
  const a = seedObservation(s.deps.db, { title: 'forget me', sessionRowId: session });
  seedObservation(s.deps.db, { title: 'keep me', project: 'beta' });
  const preview = await s.call('POST', '/api/admin/forget', { observations: [a], dry_run: true });
  assert.deepEqual(preview.body.sample, [{ id: a, title: 'forget me', project: 'alpha' }]);
  assert.equal(count(s, 'observations'), 2);
  const done = await s.call('POST', '/api/admin/forget', { observations: [a] });
  assert.equal((done.body.counts as { observations: number }).observations, 1);
  assert.equal(count(s, 'observations'), 1);
  const both = await s.call('POST', '/api/admin/forget', { observations: [a], project: 'alpha' });
  const none = await s.call('POST', '/api/admin/forget', {});
  assert.deepEqual([both.status, none.status], [400, 400]);
});

test('purge deletes a project and answers what it held', async (t) => {
  const s = setup(t);
  seedObservation(s.deps.db, { title: 'x', sessionRowId: seedSession(s.deps.db, 's1', 'alpha') });
  const dry = await s.call('POST', '/api/admin/purge', { project: 'alpha', dry_run: true });
  const real = await s.call('POST', '/api/admin/purge', { project: 'alpha' });
  assert.deepEqual(dry.body.counts, real.body.counts);
  assert.deepEqual([count(s, 'sessions'), count(s, 'observations')], [0, 0]);
});

test('export as JSONL and as JSON, imported elsewhere, adds the same rows once', async (t) => {
  const source = setup(t);
  seedObservation(source.deps.db, {
    title: 'exported',
    sessionRowId: seedSession(source.deps.db, 's1', 'alpha'),
  });
  const jsonl = await source.call('GET', '/api/admin/export?format=jsonl');
  const lines = jsonl.text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { kind: string });
  assert.deepEqual(
    lines.map((line) => line.kind),
    ['header', 'session', 'observation'],
  );
  const json = JSON.parse(
    (await source.call('GET', '/api/admin/export?format=json')).text,
  ) as Record<string, unknown[]>;
  assert.deepEqual(
    ['sessions', 'prompts', 'observations', 'summaries'].map((key) => json[key]?.length),
    [1, 0, 1, 0],
  );
  const target = setup(t);
  const records = lines.slice(1);
  const first = await target.call('POST', '/api/admin/import', { records });
  const again = await target.call('POST', '/api/admin/import', { records });
  assert.deepEqual((first.body.counts as Record<string, unknown>).observation, {
    added: 1,
    skipped: 0,
  });
  assert.deepEqual((again.body.counts as Record<string, unknown>).observation, {
    added: 0,
    skipped: 1,
  });
});

test('retention runs on demand with the settings in force and reports its last run', async (t) => {
  const s = setup(t, { 'retention.maxAgeDays': 10, 'retention.maxPerProject': 0 });
  seedObservation(s.deps.db, { title: 'old', createdAt: NOW - 20 * DAY });
  seedObservation(s.deps.db, { title: 'old pinned', createdAt: NOW - 20 * DAY, pinned: true });
  seedObservation(s.deps.db, { title: 'new', createdAt: NOW - DAY });
  const dry = await s.call('POST', '/api/retention/run', { dry_run: true });
  assert.equal((dry.body.counts as { observations: number }).observations, 1);
  assert.equal((await s.call('GET', '/api/retention/status')).body.lastRunAt, null);
  const run = await s.call('POST', '/api/retention/run');
  assert.deepEqual(run.body.policy, { maxAgeDays: 10, maxPerProject: 0, now: NOW });
  assert.deepEqual(s.deps.db.prepare('SELECT title FROM observations ORDER BY id').pluck().all(), [
    'old pinned',
    'new',
  ]);
  assert.equal((await s.call('GET', '/api/retention/status')).body.lastRunAt, NOW);
});
