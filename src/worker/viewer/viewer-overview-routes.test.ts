import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { seedObservation, seedSession } from '../../../test/helpers/seed-memory.ts';
import { viewerApp } from '../../../test/helpers/viewer-app.ts';
import { localDay, recordUsage, type Db } from '../../store/index.ts';

const DAY = 86_400_000;
const NOW = new Date(2026, 2, 10, 15, 0).getTime();

function setup(t: TestContext) {
  const { deps, get } = viewerApp(t, NOW);
  return { db: deps.db, get };
}

/** Two days of work in alpha (bugfixes on cart.ts), one day in beta, and what they cost. */
function seed(db: Db): void {
  const s1 = seedSession(db, 'sess-a1', 'alpha', { at: NOW - 2 * DAY });
  const s2 = seedSession(db, 'sess-b1', 'beta', { at: NOW - DAY });
  for (const [hours, type] of [
    [49, 'bugfix'],
    [48, 'bugfix'],
    [47, 'feature'],
  ] as const) {
    seedObservation(db, {
      title: `${type} ${hours}`,
      type,
      sessionRowId: s1,
      filesModified: ['src/cart.ts'],
      filesRead: ['src/cart.ts', 'README.md'],
      createdAt: NOW - hours * 3_600_000,
    });
  }
  seedObservation(db, {
    title: 'today',
    type: 'discovery',
    sessionRowId: s1,
    createdAt: NOW - 60_000,
  });
  seedObservation(db, { title: 'beta', project: 'beta', sessionRowId: s2, createdAt: NOW - DAY });
  seedObservation(db, { title: 'old', createdAt: NOW - 90 * DAY });
  const call = { provider: 'anthropic', model: 'claude-haiku-4-5', calls: 1, durationMs: 5 };
  recordUsage(db, {
    ...call,
    day: localDay(NOW - 2 * DAY),
    project: 'alpha',
    tokensIn: 1000,
    tokensOut: 200,
    costUsd: 0.002,
  });
  recordUsage(db, {
    ...call,
    day: localDay(NOW),
    project: 'alpha',
    tokensIn: 3000,
    tokensOut: 100,
    costUsd: 0.0035,
  });
  recordUsage(db, {
    ...call,
    day: localDay(NOW - DAY),
    project: 'beta',
    tokensIn: 500,
    tokensOut: 50,
    costUsd: 0.00075,
  });
}

/** The app over the seeded days, and its answer to GET `path`, checked to be a 200. */
async function seededAnswer(t: TestContext, path: string) {
  const { db, get } = setup(t);
  seed(db);
  const { status, body } = await get(path);
  assert.equal(status, 200);
  return { body, get };
}

test('GET /api/usage sums tokens and dollars per day and project, with totals', async (t) => {
  const { body, get } = await seededAnswer(t, '/api/usage');
  const rows = body.rows as Array<Record<string, unknown>>;
  assert.deepEqual(
    rows.map((r) => [r.period, r.project, r.tokensIn, r.tokensOut]),
    [
      [localDay(NOW - 2 * DAY), 'alpha', 1000, 200],
      [localDay(NOW - DAY), 'beta', 500, 50],
      [localDay(NOW), 'alpha', 3000, 100],
    ],
  );
  const totals = body.totals as Record<string, number>;
  assert.deepEqual([totals.calls, totals.tokensIn, totals.tokensOut], [3, 4500, 350]);
  assert.equal(Math.round((totals.costUsd ?? 0) * 1e5), 625);
  const month = await get('/api/usage?by=month&project=alpha');
  assert.deepEqual(
    (month.body.rows as Array<Record<string, unknown>>).map((r) => [r.period, r.tokensIn]),
    [[localDay(NOW).slice(0, 7), 4000]],
  );
});

test('GET /api/usage names the field it refuses', async (t) => {
  const { get } = setup(t);
  const weekly = await get('/api/usage?by=week');
  assert.deepEqual(
    [weekly.status, weekly.body.error],
    [400, { code: 'BAD_REQUEST', message: 'by: expected day or month' }],
  );
  const blank = await get('/api/usage?project=');
  assert.deepEqual(
    [blank.status, blank.body.error],
    [400, { code: 'BAD_REQUEST', message: 'project: expected a project name' }],
  );
});

test("GET /api/overview has a project's days, types, files, spend and sessions", async (t) => {
  const { body } = await seededAnswer(t, '/api/overview?project=alpha&days=7');
  const days = body.days as Array<Record<string, unknown>>;
  assert.equal(days.length, 7);
  assert.deepEqual(days.at(-1), {
    day: localDay(NOW),
    observations: 1,
    tokensIn: 3000,
    tokensOut: 100,
    costUsd: 0.0035,
  });
  const observed = days.reduce((sum, d) => sum + Number(d.observations), 0);
  assert.equal(observed, 4);
  assert.deepEqual(body.types, [
    { type: 'bugfix', count: 2 },
    { type: 'discovery', count: 1 },
    { type: 'feature', count: 1 },
  ]);
  assert.deepEqual(body.files, [
    { file: 'src/cart.ts', modified: 3, read: 3 },
    { file: 'README.md', modified: 0, read: 3 },
  ]);
  assert.deepEqual(
    (body.sessions as Array<Record<string, unknown>>).map((s) => [s.sessionId, s.project]),
    [['sess-a1', 'alpha']],
  );
});

test('GET /api/overview of all projects, and its refusals', async (t) => {
  const { db, get } = setup(t);
  seed(db);
  const all = await get('/api/overview?days=30');
  const days = all.body.days as Array<Record<string, number>>;
  assert.equal(
    days.reduce((sum, d) => sum + (d.observations ?? 0), 0),
    5,
  );
  assert.equal(
    days.reduce((sum, d) => sum + (d.tokensIn ?? 0), 0),
    4500,
  );
  for (const [query, message] of [
    ['days=0', 'days: expected 1 to 365 days'],
    ['days=ten', 'days: expected a number of days'],
    ['days=1.5', 'days: expected a whole number of days'],
  ]) {
    const res = await get(`/api/overview?${query}`);
    assert.deepEqual([res.status, res.body.error], [400, { code: 'BAD_REQUEST', message }]);
  }
});
