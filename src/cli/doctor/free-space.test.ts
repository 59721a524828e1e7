import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { test } from 'node:test';
import { databaseFile, ensureDataDir } from '../../config/index.ts';
import { openDatabase } from '../../store/index.ts';
import { insertObservations } from '../../../test/helpers/bulk-insert.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { checkFreeSpace, vacuumDatabase } from './free-space.ts';

/** A database that held 2,000 long observations and lost most of them (a purge). */
function afterPurge(dataDir: string): void {
  const db = openDatabase(databaseFile(dataDir));
  insertObservations(
    db,
    Array.from({ length: 2000 }, (_, i) => ({
      project: i < 1800 ? 'gone' : 'kept',
      type: 'change',
      title: `observation ${i}`,
      narrative: 'a long narrative '.repeat(100),
      contentHash: `h${i}`,
      createdAt: i,
    })),
  );
  db.prepare("DELETE FROM observations WHERE project = 'gone'").run();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

test('doctor offers VACUUM for a large free list, and --vacuum gives the pages back', (t) => {
  const dataDir = tempDir(t);
  ensureDataDir(dataDir);
  afterPurge(dataDir);
  const before = checkFreeSpace(dataDir, 1024 * 1024);
  assert.equal(before.warning, true);
  assert.match(before.detail, /MB free inside the database: "claude-mem doctor --vacuum"/);
  const size = statSync(databaseFile(dataDir)).size;
  const printed: string[] = [];
  assert.equal(
    vacuumDatabase(dataDir, (line) => printed.push(line)),
    0,
  );
  assert.match(printed.join('\n'), /^vacuumed .* MB -> .* MB$/);
  assert.ok(statSync(databaseFile(dataDir)).size < size / 2);
  const after = checkFreeSpace(dataDir, 1024 * 1024);
  assert.equal(after.warning, undefined);
  assert.match(after.detail, /^0\.0 MB of .* MB free inside the database$/);
  const db = openDatabase(databaseFile(dataDir));
  t.after(() => db.close());
  assert.equal(db.prepare('SELECT COUNT(*) FROM observations').pluck().get(), 200);
});

test('a small free list is fine as it is', (t) => {
  const dataDir = tempDir(t);
  ensureDataDir(dataDir);
  afterPurge(dataDir);
  const result = checkFreeSpace(dataDir);
  assert.equal(result.warning, undefined);
  assert.equal(result.ok, true);
});
