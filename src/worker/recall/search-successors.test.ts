import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { routeCaller } from '../../../test/helpers/route-call.ts';
import { seedObservation } from '../../../test/helpers/seed-memory.ts';
import { createTestDeps } from '../../../test/helpers/worker-deps.ts';
import { createApp } from '../app.ts';
import { createRecallService } from './recall-service.ts';

// Issue 34's successors on the search route, which since issue 33 walks to them only when a page
// holds a superseded hit: with one, the memory that replaced it comes in above it; without, the
// page is the hits alone.

type Item = { id: number; older: { by: number; stored: boolean } | null };

function setup(t: TestContext) {
  const deps = createTestDeps(t);
  const app = createApp(deps, [createRecallService(deps, { embedder: null })]);
  const call = routeCaller<{ items: Item[] }>(app);
  const search = async (q: string) =>
    (await call('GET', `/api/search?q=${encodeURIComponent(q)}`)).body.items;
  return { deps, search };
}

test('a superseded hit brings in the memory that replaced it, right above it', async (t) => {
  const { deps, search } = setup(t);
  const old = seedObservation(deps.db, { title: 'The spool lives in data/spool' });
  const now = seedObservation(deps.db, { title: 'Captured events now queue under var/inbox' });
  deps.db.prepare('UPDATE observations SET superseded_by = ? WHERE id = ?').run(now, old);
  const items = await search('spool');
  assert.deepEqual(
    items.map((item) => [item.id, item.older?.by ?? null]),
    [
      [now, null],
      [old, now],
    ],
  );
});

test('a page without a superseded hit is its hits alone', async (t) => {
  const { deps, search } = setup(t);
  const first = seedObservation(deps.db, { title: 'The spool lives in data/spool' });
  const second = seedObservation(deps.db, { title: 'Spool files are renamed after fsync' });
  seedObservation(deps.db, { title: 'Captured events queue under var/inbox' });
  const items = await search('spool');
  assert.deepEqual(items.map((item) => item.id).sort(), [first, second].sort());
  assert.ok(items.every((item) => item.older === null));
});
