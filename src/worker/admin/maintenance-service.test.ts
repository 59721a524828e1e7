import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { createTestDeps } from '../../../test/helpers/worker-deps.ts';
import { insertObservations } from '../../../test/helpers/bulk-insert.ts';
import { horizonBoundary, type Db } from '../../store/index.ts';
import { createMaintenanceService } from './maintenance-service.ts';

const MINUTE = 60_000;

/** Many small transactions: one FTS5 segment each, as turn-by-turn capture writes them. */
function writeInSmallTransactions(db: Db, transactions: number): void {
  for (let i = 0; i < transactions; i += 1) {
    insertObservations(db, [
      {
        project: 'app',
        type: 'change',
        title: `spool worker ${i}`,
        contentHash: `h${i}`,
        createdAt: i,
      },
    ]);
  }
}

const segments = (db: Db): number =>
  db.prepare('SELECT COUNT(*) FROM observations_fts_data').pluck().get() as number;

test('while writes come in, only the checkpoint runs; once idle, the merge and optimize run too', async (t) => {
  let now = 1_750_000_000_000;
  const deps = createTestDeps(t, { now: () => now });
  deps.db.pragma('wal_autocheckpoint = 0');
  writeInSmallTransactions(deps.db, 300);
  const service = createMaintenanceService(deps, {
    intervalMs: 5,
    idleMs: 2 * MINUTE,
    optimizeEveryMs: 60 * MINUTE,
    horizon: { rows: 100, from: 200 },
  });
  t.after(() => service.stop());
  const before = segments(deps.db);
  service.onApplied?.([]);
  service.start?.();
  await sleep(40);
  assert.ok(service.counts().checkpoints > 0);
  assert.equal(service.counts().merges, 0);
  assert.equal(service.counts().optimizes, 0);
  assert.equal(segments(deps.db), before);
  now += 3 * MINUTE;
  await sleep(80);
  const counts = service.counts();
  assert.ok(counts.merges > 0);
  assert.equal(counts.optimizes, 1);
  assert.equal(counts.horizons, 1, 'the search horizon is built once, then kept');
  assert.equal(horizonBoundary(deps.db), 200);
  assert.ok(segments(deps.db) < before, `${segments(deps.db)} segments, ${before} before`);
  assert.ok(deps.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get());
  deps.db
    .prepare("INSERT INTO observations_fts (observations_fts) VALUES ('integrity-check')")
    .run();
  assert.equal(
    deps.db
      .prepare("SELECT COUNT(*) FROM observations_fts WHERE observations_fts MATCH 'spool'")
      .pluck()
      .get(),
    300,
  );
});

test('an idle worker truncates a WAL grown past the limit', async (t) => {
  let now = 1_750_000_000_000;
  const deps = createTestDeps(t, { now: () => now });
  deps.db.pragma('wal_autocheckpoint = 0');
  writeInSmallTransactions(deps.db, 50);
  const wal = join(deps.dataDir, 'claude-mem.db-wal');
  assert.ok(statSync(wal).size > 256 * 1024);
  const service = createMaintenanceService(deps, {
    intervalMs: 5,
    idleMs: MINUTE,
    walLimitBytes: 64 * 1024,
  });
  t.after(() => service.stop());
  now += 2 * MINUTE;
  service.start?.();
  await sleep(40);
  assert.ok(service.counts().checkpoints > 0);
  // Truncated, then only the idle merge's and optimize's few pages written since.
  assert.ok(statSync(wal).size < 64 * 1024, `WAL ${statSync(wal).size} bytes`);
});
