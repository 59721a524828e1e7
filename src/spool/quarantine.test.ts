import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { ensureDataDir, quarantineDir, spoolDir } from '../config/index.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { toolEvent } from '../../test/helpers/spool-events.ts';
import { countQuarantined, quarantine, releaseQuarantine } from './quarantine.ts';
import { listSpool, readSpoolBatch } from './reader.ts';
import { spoolFileName, writeSpoolEvent } from './writer.ts';

function dataDir(t: TestContext): string {
  const dir = tempDir(t);
  ensureDataDir(dir);
  return dir;
}

/** A note writer on a full disk: the file is created, then the write fails. */
function fullDisk(file: string): void {
  writeFileSync(file, '');
  throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
}

test('on a full disk no empty .reason is left: the file stays in the spool', (t) => {
  const dir = dataDir(t);
  const file = join(spoolDir(dir), spoolFileName(1));
  writeFileSync(file, '{broken');
  assert.throws(
    () => quarantine(dir, { file, reason: 'not valid JSON' }, (temp) => fullDisk(`${temp}.x.tmp`)),
    { code: 'ENOSPC' },
  );
  assert.deepEqual(listSpool(dir), [basename(file)]);
  assert.deepEqual(readdirSync(quarantineDir(dir)), []);
});

test('a blank reason is still written as a reason', (t) => {
  const dir = dataDir(t);
  const file = join(spoolDir(dir), spoolFileName(1));
  writeFileSync(file, '{broken');
  quarantine(dir, { file, reason: '  ' });
  const note = readFileSync(join(quarantineDir(dir), `${basename(file)}.reason`), 'utf8');
  assert.match(note, /\S/);
});

test('retry --quarantine moves every quarantined file back into the spool, in order', (t) => {
  const dir = dataDir(t);
  const events = [toolEvent({ at: 1 }), toolEvent({ at: 2 })];
  const files = events.map((event) => writeSpoolEvent(dir, event));
  for (const file of files) quarantine(dir, { file, reason: 'database rejected it: SQLITE_FULL' });
  assert.equal(countQuarantined(dir), 2);
  assert.equal(releaseQuarantine(dir), 2);
  assert.deepEqual(readdirSync(quarantineDir(dir)), []);
  assert.deepEqual(
    readSpoolBatch(dir, 10).entries.map((entry) => entry.event),
    events,
  );
});
