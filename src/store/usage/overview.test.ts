import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { seedObservation } from '../../../test/helpers/seed-memory.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { openDatabase } from '../db.ts';
import { projectOverview } from './overview.ts';

test('every local day once across a daylight-saving change, observations on their local day', (t) => {
  // Each test file runs in its own process, so the zone set here stays here.
  process.env.TZ = 'Europe/Berlin';
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  // 2026-03-29 has 23 hours in Berlin; 00:30 local on the 30th is 22:30 UTC on the 29th.
  const halfPastMidnight = new Date(2026, 2, 30, 0, 30).getTime();
  seedObservation(db, { title: 'just after midnight', createdAt: halfPastMidnight });
  seedObservation(db, { title: 'just before', createdAt: new Date(2026, 2, 29, 23, 59).getTime() });
  const overview = projectOverview(db, {
    project: 'alpha',
    days: 5,
    now: new Date(2026, 2, 31, 12, 0).getTime(),
  });
  assert.deepEqual(
    overview.days.map((d) => [d.day, d.observations]),
    [
      ['2026-03-27', 0],
      ['2026-03-28', 0],
      ['2026-03-29', 1],
      ['2026-03-30', 1],
      ['2026-03-31', 0],
    ],
  );
});
