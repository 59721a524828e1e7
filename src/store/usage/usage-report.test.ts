import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { openDatabase, type Db } from '../db.ts';
import { usageReport } from './usage-report.ts';
import { recordUsage } from './usage.ts';

function seeded(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  const call = { provider: 'anthropic', calls: 1, durationMs: 10 };
  recordUsage(db, {
    ...call,
    day: '2026-01-30',
    project: 'alpha',
    model: 'haiku',
    tokensIn: 1000,
    tokensOut: 100,
    costUsd: 0.0015,
  });
  recordUsage(db, {
    ...call,
    day: '2026-01-30',
    project: 'alpha',
    model: 'sonnet',
    tokensIn: 2000,
    tokensOut: 200,
    costUsd: 0.009,
  });
  recordUsage(db, {
    ...call,
    day: '2026-01-31',
    project: 'beta',
    model: 'haiku',
    tokensIn: 500,
    tokensOut: 50,
    costUsd: 0.00075,
  });
  recordUsage(db, {
    ...call,
    day: '2026-02-01',
    project: 'alpha',
    model: 'haiku',
    tokensIn: 4000,
    tokensOut: 400,
    costUsd: 0.006,
  });
  return db;
}

test('spend per day and project, oldest first, with models and totals', (t) => {
  const report = usageReport(seeded(t), 'day');
  assert.deepEqual(
    report.rows.map((r) => [r.period, r.project, r.models, r.calls, r.tokensIn, r.tokensOut]),
    [
      ['2026-01-30', 'alpha', ['haiku', 'sonnet'], 2, 3000, 300],
      ['2026-01-31', 'beta', ['haiku'], 1, 500, 50],
      ['2026-02-01', 'alpha', ['haiku'], 1, 4000, 400],
    ],
  );
  assert.deepEqual(report.totals, { calls: 4, tokensIn: 7500, tokensOut: 750, costUsd: 0.01725 });
  assert.deepEqual(
    report.projects.map((p) => [p.project, p.tokensIn, p.costUsd]),
    [
      ['alpha', 7000, 0.0165],
      ['beta', 500, 0.00075],
    ],
  );
});

test('months add up their days; a project narrows every figure', (t) => {
  const db = seeded(t);
  assert.deepEqual(
    usageReport(db, 'month').rows.map((r) => [r.period, r.project, r.tokensIn]),
    [
      ['2026-01', 'alpha', 3000],
      ['2026-01', 'beta', 500],
      ['2026-02', 'alpha', 4000],
    ],
  );
  const beta = usageReport(db, 'month', 'beta');
  assert.deepEqual([beta.project, beta.rows.length, beta.totals.tokensIn], ['beta', 1, 500]);
  assert.deepEqual(usageReport(db, 'day', 'nobody').totals, {
    calls: 0,
    tokensIn: 0,
    tokensOut: 0,
    costUsd: 0,
  });
});
