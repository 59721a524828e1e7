import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { ensureDataDir, quarantineDir, spoolDir } from '../config/index.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { promptEvent, toolEvent } from '../../test/helpers/spool-events.ts';
import { countQuarantined, quarantine } from './quarantine.ts';
import { listSpool, readSpoolBatch, removeSpoolFile } from './reader.ts';
import { spoolFileName, writeSpoolEvent } from './writer.ts';

function dataDir(t: TestContext): string {
  const dir = tempDir(t);
  ensureDataDir(dir);
  return dir;
}

/** Writes raw text into the spool under a proper file name. */
function writeRaw(dir: string, text: string, at = Date.now()): string {
  const file = join(spoolDir(dir), spoolFileName(at));
  writeFileSync(file, text);
  return file;
}

test('events come back in capture order, not write order', (t) => {
  const dir = dataDir(t);
  const late = toolEvent({ at: 3000 });
  const early = promptEvent({ at: 1000 });
  const middle = toolEvent({ at: 2000 });
  for (const event of [late, early, middle]) writeSpoolEvent(dir, event);
  const { entries, bad } = readSpoolBatch(dir, 10);
  assert.deepEqual(
    entries.map((entry) => entry.event),
    [early, middle, late],
  );
  assert.deepEqual(bad, []);
});

test('events captured in the same millisecond keep their write order', (t) => {
  const dir = dataDir(t);
  const events = [toolEvent({ at: 5 }), toolEvent({ at: 5 }), toolEvent({ at: 5 })];
  for (const event of events) writeSpoolEvent(dir, event);
  assert.deepEqual(
    readSpoolBatch(dir, 10).entries.map((entry) => entry.event.id),
    events.map((event) => event.id),
  );
});

test('readSpoolBatch reads at most `limit` files, oldest first', (t) => {
  const dir = dataDir(t);
  const events = [1, 2, 3, 4].map((at) => toolEvent({ at }));
  for (const event of events) writeSpoolEvent(dir, event);
  assert.deepEqual(
    readSpoolBatch(dir, 2).entries.map((entry) => entry.event.at),
    [1, 2],
  );
});

test('temp files of writes in flight and other files are ignored', (t) => {
  const dir = dataDir(t);
  const file = writeSpoolEvent(dir, toolEvent());
  writeFileSync(`${file}.1234.abcd.tmp`, '{"half":');
  writeFileSync(join(spoolDir(dir), 'notes.txt'), 'x');
  assert.deepEqual(listSpool(dir), [basename(file)]);
  assert.deepEqual(readSpoolBatch(dir, 10).bad, []);
});

test('listSpool of a data dir without a spool folder is empty', (t) => {
  assert.deepEqual(listSpool(tempDir(t)), []);
});

test('corrupt and wrongly shaped files are reported bad with a reason, good ones still read', (t) => {
  const dir = dataDir(t);
  const good = toolEvent({ at: 1 });
  writeSpoolEvent(dir, good);
  const truncated = writeRaw(dir, JSON.stringify(toolEvent()).slice(0, 40), 2);
  const wrongShape = writeRaw(dir, JSON.stringify({ v: 1, id: 'x' }), 3);
  const { entries, bad } = readSpoolBatch(dir, 10);
  assert.deepEqual(
    entries.map((entry) => entry.event),
    [good],
  );
  assert.deepEqual(bad, [
    { file: truncated, reason: 'not valid JSON (40 bytes, truncated or corrupt)' },
    { file: wrongShape, reason: 'missing at' },
  ]);
});

test('quarantine moves a bad file aside with a .reason note', (t) => {
  const dir = dataDir(t);
  const file = writeRaw(dir, 'garbage');
  const [entry] = readSpoolBatch(dir, 10).bad;
  quarantine(dir, entry ?? { file, reason: 'missing' });
  const target = join(quarantineDir(dir), basename(file));
  assert.equal(existsSync(file), false);
  assert.equal(readFileSync(target, 'utf8'), 'garbage');
  assert.equal(readFileSync(`${target}.reason`, 'utf8'), `${entry?.reason}\n`);
  assert.deepEqual(listSpool(dir), []);
  assert.equal(countQuarantined(dir), 1);
});

test('quarantine creates the quarantine folder when it is missing', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'orphan.json');
  writeFileSync(file, '{');
  quarantine(dir, { file, reason: 'not valid JSON' });
  assert.deepEqual(readdirSync(quarantineDir(dir)).sort(), ['orphan.json', 'orphan.json.reason']);
});

test('removeSpoolFile removes a file and ignores one already gone', (t) => {
  const dir = dataDir(t);
  const file = writeSpoolEvent(dir, toolEvent());
  removeSpoolFile(file);
  removeSpoolFile(file);
  assert.deepEqual(listSpool(dir), []);
});
