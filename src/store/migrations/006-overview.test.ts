import assert from 'node:assert/strict';
import { test } from 'node:test';
import { migratedTo, migrationsAfter } from '../../../test/helpers/test-db.ts';
import { migrate } from '../migrate.ts';

test('usage rows recorded before projects were kept move over with project unknown', (t) => {
  const db = migratedTo(t, 5);
  db.prepare(
    `INSERT INTO usage (day, provider, model, calls, tokens_in, tokens_out, duration_ms, cost_usd)
     VALUES ('2026-01-02', 'anthropic', 'haiku', 3, 300, 60, 900, 0.0006)`,
  ).run();
  assert.deepEqual(migrate(db), migrationsAfter(5));
  assert.deepEqual(db.prepare('SELECT * FROM usage').all(), [
    {
      day: '2026-01-02',
      project: '',
      provider: 'anthropic',
      model: 'haiku',
      calls: 3,
      tokens_in: 300,
      tokens_out: 60,
      duration_ms: 900,
      cost_usd: 0.0006,
    },
  ]);
});
