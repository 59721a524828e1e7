import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { openDatabase, type Db } from '../db.ts';
import { localDay, recordUsage, tokensOfDay, usageOfDay } from './usage.ts';

function open(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  return db;
}

const call = {
  project: 'alpha',
  provider: 'anthropic',
  model: 'haiku',
  calls: 1,
  tokensIn: 100,
  tokensOut: 20,
  durationMs: 300,
  costUsd: 0.0002,
};

test('calls add up per day, provider and model, over projects', (t) => {
  const db = open(t);
  recordUsage(db, { ...call, day: '2026-01-02' });
  recordUsage(db, { ...call, day: '2026-01-02', project: 'beta' });
  recordUsage(db, { ...call, day: '2026-01-02', provider: 'openai' });
  recordUsage(db, { ...call, day: '2026-01-03' });
  assert.deepEqual(usageOfDay(db, '2026-01-02'), [
    {
      day: '2026-01-02',
      provider: 'anthropic',
      model: 'haiku',
      calls: 2,
      tokens_in: 200,
      tokens_out: 40,
      duration_ms: 600,
      cost_usd: 0.0004,
    },
    {
      day: '2026-01-02',
      provider: 'openai',
      model: 'haiku',
      calls: 1,
      tokens_in: 100,
      tokens_out: 20,
      duration_ms: 300,
      cost_usd: 0.0002,
    },
  ]);
  assert.deepEqual(
    [tokensOfDay(db, '2026-01-02', 'anthropic'), tokensOfDay(db, '2026-01-04', 'anthropic')],
    [240, 0],
  );
});

test('the day is the local calendar day', () => {
  const noon = new Date(2026, 0, 2, 12, 0, 0).getTime();
  assert.equal(localDay(noon), '2026-01-02');
  assert.equal(localDay(new Date(2026, 11, 31, 23, 59).getTime()), '2026-12-31');
});
