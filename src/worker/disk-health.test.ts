import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testHeaders } from '../../test/helpers/route-call.ts';
import { createTestDeps } from '../../test/helpers/worker-deps.ts';
import { RESERVE_SLOTS, recordSpoolError, keepInReserve } from '../spool/index.ts';
import { toolEvent } from '../../test/helpers/spool-events.ts';
import { createApp } from './app.ts';
import { createDiskHealth } from './disk-health.ts';

const health = async (app: ReturnType<typeof createApp>) =>
  (await (
    await app.request('/health', {
      headers: testHeaders(),
    })
  ).json()) as { status: string; disk: { ok: boolean; reason?: string; reserveFree?: number } };

test('a tended reserve on a disk with room is ok; /health says so', async (t) => {
  const deps = createTestDeps(t);
  deps.diskHealth = createDiskHealth(deps.dataDir);
  deps.diskHealth.tend();
  const body = await health(createApp(deps, []));
  assert.deepEqual([body.status, body.disk.ok, body.disk.reserveFree], ['ok', true, RESERVE_SLOTS]);
});

test("a hook's failed spool write makes /health degraded, with the reason in words", async (t) => {
  const deps = createTestDeps(t);
  deps.diskHealth = createDiskHealth(deps.dataDir);
  deps.diskHealth.tend();
  recordSpoolError(
    deps.dataDir,
    Object.assign(new Error('full'), { code: 'ENOSPC' }),
    Date.UTC(2026, 0, 2),
  );
  const body = await health(createApp(deps, []));
  assert.equal(body.status, 'degraded');
  assert.match(
    body.disk.reason ?? '',
    /^a hook could not write the spool at 2026-01-02T00:00:00.000Z \(ENOSPC\): free some space/,
  );
});

test('events that came through the reserve are reported until the pass after', (t) => {
  const deps = createTestDeps(t);
  const disk = createDiskHealth(deps.dataDir);
  disk.tend();
  keepInReserve(deps.dataDir, toolEvent());
  assert.deepEqual(disk.tend(), { moved: 1 });
  assert.match(
    disk.report().reason ?? '',
    /1 events could not be written to the spool and came through the reserve/,
  );
  disk.tend();
  assert.deepEqual(disk.report().ok, true);
});
