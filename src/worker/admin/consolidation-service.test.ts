import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { plantStore } from '../../../test/helpers/consolidation-seed.ts';
import { createTestDeps } from '../../../test/helpers/worker-deps.ts';
import type { Settings } from '../../config/index.ts';
import { createConsolidationService } from './consolidation-service.ts';

const MINUTE = 60_000;

function service(t: TestContext, mode: Settings['consolidate.onIdle'], clock: { now: number }) {
  const deps = createTestDeps(t, { now: () => clock.now });
  plantStore(deps.db);
  const settings = () => ({ ...deps.settings, 'consolidate.onIdle': mode });
  const made = createConsolidationService(deps, { settings, idleMs: 10 * MINUTE });
  const journal = () => deps.db.prepare('SELECT COUNT(*) FROM consolidation_journal').pluck().get();
  const count = () => Number(deps.db.prepare('SELECT COUNT(*) FROM observations').pluck().get());
  return { made, journal, count };
}

test('off by default: the idle pass changes nothing', (t) => {
  const clock = { now: 0 };
  const { made, journal, count } = service(t, 'off', clock);
  const before = count();
  clock.now = 60 * MINUTE;
  made.idlePass();
  assert.deepEqual([journal(), count()], [0, before]);
});

test('propose changes nothing; apply applies, journaled, only once idle', (t) => {
  const clock = { now: 0 };
  const propose = service(t, 'propose', clock);
  const before = propose.count();
  clock.now = 60 * MINUTE;
  propose.made.idlePass();
  assert.deepEqual([propose.journal(), propose.count()], [0, before]);

  const apply = service(t, 'apply', clock);
  apply.made.onApplied?.([]);
  clock.now += MINUTE;
  apply.made.idlePass();
  assert.equal(apply.journal(), 0);
  clock.now += 10 * MINUTE;
  apply.made.idlePass();
  assert.deepEqual([apply.journal(), apply.count()], [1, before - 4]);
});
