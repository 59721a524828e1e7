import assert from 'node:assert/strict';
import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { ensureDataDir, spoolDir } from '../config/index.ts';
import { recordingLogger } from '../../test/helpers/logger.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { toolEvent } from '../../test/helpers/spool-events.ts';
import { listSpool, readSpoolBatch } from './reader.ts';
import { sweepStaleTemps } from './stale-temp.ts';
import { spoolFileName } from './writer.ts';

const NOW = Date.now();

function dataDir(t: TestContext): string {
  const dir = tempDir(t);
  ensureDataDir(dir);
  return dir;
}

/** The spool's files (its quarantine folder aside). */
const spoolFiles = (dir: string): string[] =>
  readdirSync(spoolDir(dir))
    .filter((name) => name !== 'quarantine')
    .sort();

/** A temp file as writeFileAtomic names it, last written `ageMs` ago. */
function leftTemp(dir: string, text: string, ageMs: number): string {
  const name = `${spoolFileName(NOW - ageMs)}.abc123.tmp`;
  const file = join(spoolDir(dir), name);
  writeFileSync(file, text);
  const at = (NOW - ageMs) / 1000;
  utimesSync(file, at, at);
  return name;
}

test('a complete event left in an old temp file (hook killed before the rename) is ingested', (t) => {
  const dir = dataDir(t);
  const event = toolEvent({ at: NOW - 120_000 });
  const name = leftTemp(dir, JSON.stringify(event), 120_000);
  sweepStaleTemps(dir, recordingLogger(), NOW);
  assert.deepEqual(listSpool(dir), [name.replace(/\.abc123\.tmp$/, '')]);
  assert.deepEqual(
    readSpoolBatch(dir, 10).entries.map((entry) => entry.event),
    [event],
  );
});

test('empty and cut-short temp files older than a minute are removed, with a log line', (t) => {
  const dir = dataDir(t);
  leftTemp(dir, '', 90_000); // ENOSPC at the first write
  leftTemp(dir, JSON.stringify(toolEvent()).slice(0, 40), 90_000);
  const log = recordingLogger();
  const swept = sweepStaleTemps(dir, log, NOW);
  assert.deepEqual(spoolFiles(dir), []);
  assert.deepEqual(swept, { recovered: 0, removed: 2 });
  assert.equal(log.lines.filter((line) => /temp file/.test(line.message)).length, 2);
});

test('temp files younger than a minute are left to the write in flight', (t) => {
  const dir = dataDir(t);
  const names = [leftTemp(dir, '', 5_000), leftTemp(dir, JSON.stringify(toolEvent()), 5_000)];
  const swept = sweepStaleTemps(dir, recordingLogger(), NOW);
  assert.deepEqual(spoolFiles(dir), names.sort());
  assert.deepEqual(swept, { recovered: 0, removed: 0 });
});

test('files that are not spool temp files are left alone', (t) => {
  const dir = dataDir(t);
  const other = join(spoolDir(dir), 'notes.txt');
  writeFileSync(other, 'x');
  utimesSync(other, 0, 0);
  sweepStaleTemps(dir, recordingLogger(), NOW);
  assert.deepEqual(spoolFiles(dir), ['notes.txt']);
});
