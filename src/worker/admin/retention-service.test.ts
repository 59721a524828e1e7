import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { seedObservation } from '../../../test/helpers/seed-memory.ts';
import { createTestDeps } from '../../../test/helpers/worker-deps.ts';
import { createRetentionService } from './retention-service.ts';

const DAY = 86_400_000;

test('the worker applies retention by itself once a day, and never when it is off', async (t) => {
  let now = 1_750_000_000_000;
  const deps = createTestDeps(t, { now: () => now });
  let maxAgeDays = 0;
  const service = createRetentionService(deps, {
    settings: () => ({ 'retention.maxAgeDays': maxAgeDays, 'retention.maxPerProject': 0 }),
    firstCheckMs: 1,
    checkEveryMs: 5,
  });
  t.after(() => service.stop());
  const old = () => seedObservation(deps.db, { title: 'old', createdAt: now - 40 * DAY });
  const left = () => deps.db.prepare('SELECT COUNT(*) FROM observations').pluck().get();
  old();
  service.start?.();
  await sleep(30);
  assert.equal(left(), 1);
  maxAgeDays = 30;
  await sleep(30);
  assert.equal(left(), 0);
  old();
  await sleep(30);
  assert.equal(left(), 1);
  now += DAY;
  await sleep(30);
  assert.equal(left(), 0);
});
