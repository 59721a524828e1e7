// Database faults (a full disk, a corrupt file) keep events in the spool for a later pass; only
// bad files go to quarantine (issue 12, defect 2). SQLITE_FULL comes from `PRAGMA max_page_count`,
// corruption from random bytes written over a table's root page: the real SQLite errors.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { ensureDataDir } from '../../config/index.ts';
import { countQuarantined, listSpool, writeSpoolEvent } from '../../spool/index.ts';
import { openDatabase, type Db } from '../../store/index.ts';
import { recordingLogger } from '../../../test/helpers/logger.ts';
import { testHeaders } from '../../../test/helpers/route-call.ts';
import { toolEvent } from '../../../test/helpers/spool-events.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { createTestDeps } from '../../../test/helpers/worker-deps.ts';
import { createApp } from '../app.ts';
import { createDbHealth } from '../db-fault.ts';
import { ingestAll } from './ingest.ts';
import { startIngestLoop } from './ingest-loop.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tool events too big to fit in the pages a fresh database has. */
const bigEvents = (n: number) =>
  Array.from({ length: n }, () =>
    toolEvent({
      response: { type: 'text', file: { filePath: '/a', content: 'x'.repeat(20_000) } },
    }),
  );

function home(t: TestContext): { dataDir: string; db: Db; file: string } {
  const dataDir = tempDir(t);
  ensureDataDir(dataDir);
  const file = join(dataDir, 'claude-mem.db');
  const db = openDatabase(file);
  t.after(() => db.close());
  return { dataDir, db, file };
}

/** Makes the database full: no page may be added. */
function fill(db: Db): void {
  db.pragma(`max_page_count = ${Number(db.pragma('page_count', { simple: true }))}`);
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await sleep(20);
}

test('a full disk leaves every event in the spool, none in quarantine', (t) => {
  const { dataDir, db } = home(t);
  for (const event of bigEvents(3)) writeSpoolEvent(dataDir, event);
  fill(db);
  assert.throws(() => ingestAll(dataDir, db, recordingLogger()), { code: /^SQLITE_FULL/ });
  assert.deepEqual([listSpool(dataDir).length, countQuarantined(dataDir)], [3, 0]);
});

test('the ingest loop reports a full disk, backs off, and ingests once there is room', async (t) => {
  const { dataDir, db } = home(t);
  for (const event of bigEvents(3)) writeSpoolEvent(dataDir, event);
  fill(db);
  const dbHealth = createDbHealth();
  const log = recordingLogger();
  const loop = startIngestLoop({
    dataDir,
    db,
    log,
    dbHealth,
    onApplied: () => undefined,
    intervalMs: 20,
  });
  t.after(() => loop.stop());
  await until(() => dbHealth.fault !== undefined);
  await sleep(200);
  assert.match(dbHealth.fault?.code ?? '', /^SQLITE_FULL/);
  assert.match(dbHealth.fault?.advice ?? '', /free some space/);
  assert.deepEqual([listSpool(dataDir).length, countQuarantined(dataDir)], [3, 0]);
  assert.equal(log.lines.filter((line) => /database fault/.test(line.message)).length, 1);
  db.pragma('max_page_count = 1073741823');
  await until(() => listSpool(dataDir).length === 0, 60_000);
  assert.equal(db.prepare('SELECT COUNT(*) FROM events').pluck().get(), 3);
  assert.equal(dbHealth.fault, undefined);
});

test('a corrupt database leaves every event in the spool, none in quarantine', (t) => {
  const { dataDir, db, file } = home(t);
  const root = Number(
    db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'ingested'").pluck().get(),
  );
  const pageSize = Number(db.pragma('page_size', { simple: true }));
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const fd = openSync(file, 'r+');
  writeSync(fd, randomBytes(pageSize), 0, pageSize, (root - 1) * pageSize);
  closeSync(fd);
  const broken = openDatabase(file);
  t.after(() => broken.close());
  for (const event of bigEvents(2)) writeSpoolEvent(dataDir, event);
  assert.throws(() => ingestAll(dataDir, broken, recordingLogger()), { code: /^SQLITE_CORRUPT/ });
  assert.deepEqual([listSpool(dataDir).length, countQuarantined(dataDir)], [2, 0]);
});

test('/health says degraded and what to do while the database is at fault', async (t) => {
  const dbHealth = createDbHealth();
  const deps = createTestDeps(t, { dbHealth });
  dbHealth.report(
    Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }),
    2_000,
  );
  const res = await createApp(deps).request('/health', {
    headers: testHeaders(),
  });
  const body = (await res.json()) as { status: string; database: Record<string, unknown> };
  assert.equal(res.status, 200);
  assert.equal(body.status, 'degraded');
  assert.deepEqual(body.database, {
    ok: false,
    code: 'SQLITE_FULL',
    message: 'database or disk is full',
    since: 2_000,
    advice: body.database.advice,
  });
  assert.match(String(body.database.advice), /disk is full: free some space; captured events wait/);
});
