import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { acquireDataLock } from './data-lock.ts';

const HOLD_AND_DIE = `
import { acquireDataLock } from ${JSON.stringify(join(import.meta.dirname, 'data-lock.ts'))};
const lock = await acquireDataLock(process.argv[1]);
process.stdout.write(lock ? 'held' : 'busy');
process.kill(process.pid, 'SIGKILL');
`;

/** What a child process that tries the lock in `dir` and then dies by SIGKILL says: held or busy. */
const holdAndDie = (dir: string): string =>
  spawnSync(process.execPath, ['--import', 'tsx', '-e', HOLD_AND_DIE, dir], { encoding: 'utf8' })
    .stdout;

/** Takes the lock in `dir` (waiting up to `waitMs`), checks it was taken, and lets it go. */
async function takeAndRelease(dir: string, waitMs?: number): Promise<void> {
  const lock = await acquireDataLock(dir, waitMs);
  assert.ok(lock);
  lock.release();
}

test('one holder at a time; released, the lock can be taken again', async (t) => {
  const dir = tempDir(t);
  const first = await acquireDataLock(dir);
  assert.ok(first);
  assert.equal(await acquireDataLock(dir), undefined);
  first.release();
  await takeAndRelease(dir);
});

test('another process cannot take a held lock', async (t) => {
  const dir = tempDir(t);
  const held = await acquireDataLock(dir);
  t.after(() => held?.release());
  assert.equal(holdAndDie(dir), 'busy');
});

test('a holder killed with SIGKILL leaves no stale lock behind', async (t) => {
  const dir = tempDir(t);
  assert.equal(holdAndDie(dir), 'held');
  await takeAndRelease(dir);
});

test('waits for a holder that lets go within waitMs', async (t) => {
  const dir = tempDir(t);
  const held = await acquireDataLock(dir);
  setTimeout(() => held?.release(), 200);
  await takeAndRelease(dir, 5_000);
});
