import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { test, type TestContext } from 'node:test';
import { ensureDataDir, spoolDir } from '../config/index.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { toolEvent } from '../../test/helpers/spool-events.ts';
import { newEventId, spoolFileName, writeSpoolEvent } from './writer.ts';

function dataDir(t: TestContext): string {
  const dir = tempDir(t);
  ensureDataDir(dir);
  return dir;
}

const spoolFiles = (dir: string): string[] =>
  readdirSync(spoolDir(dir), { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

test('writeSpoolEvent writes the event as JSON into the spool folder, private (0600)', (t) => {
  const dir = dataDir(t);
  const event = toolEvent();
  const file = writeSpoolEvent(dir, event);
  assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), event);
  assert.equal(statSync(file).mode & 0o777, 0o600);
});

test('a durable write leaves only the final file, no temp file', (t) => {
  const dir = dataDir(t);
  const file = writeSpoolEvent(dir, toolEvent());
  assert.deepEqual(spoolFiles(dir), [file.slice(spoolDir(dir).length + 1)]);
});

test('writeSpoolEvent throws what an injected writer throws (disk full) and leaves no file', (t) => {
  const dir = dataDir(t);
  const full = (): never => {
    throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
  };
  assert.throws(() => writeSpoolEvent(dir, toolEvent(), full), { code: 'ENOSPC' });
  assert.deepEqual(spoolFiles(dir), []);
});

test('the injected writer gets the spool path and the JSON text', (t) => {
  const dir = dataDir(t);
  const calls: Array<[string, string]> = [];
  const event = toolEvent();
  const file = writeSpoolEvent(dir, event, (path, content) => calls.push([path, content]));
  assert.deepEqual(calls, [[file, JSON.stringify(event)]]);
});

test('spool file names sort by capture time, then by write order within one process', () => {
  const names = [spoolFileName(2000), spoolFileName(1000), spoolFileName(1000), spoolFileName(30)];
  assert.deepEqual([...names].sort(), [names[3], names[1], names[2], names[0]]);
});

test('spool file names and event ids are unique', () => {
  const names = new Set(Array.from({ length: 1000 }, () => spoolFileName(5)));
  const ids = new Set(Array.from({ length: 1000 }, () => newEventId()));
  assert.equal(names.size, 1000);
  assert.equal(ids.size, 1000);
});
