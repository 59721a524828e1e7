import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { test, type TestContext } from 'node:test';
import { pidFile } from '../config/index.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { isOlderVersion, outdatedWorker, replaceOutdatedWorker } from './handover.ts';

const ORDER: Array<[string | undefined, string, boolean]> = [
  ['0.1.0', '0.2.0', true],
  ['0.2.0', '0.1.0', false],
  ['0.1.0', '0.1.0', false],
  ['0.9.9', '0.10.0', true],
  ['1.0.0', '0.99.99', false],
  ['1.2.3', '1.2.4', true],
  ['1.2.0-beta.1', '1.2.0', true],
  ['1.2.0', '1.2.0-beta.1', false],
  ['1.2.0-alpha', '1.2.0-beta', true],
  [undefined, '0.1.0', true],
  ['garbage', '0.1.0', true],
  ['0.1.0', 'garbage', false],
];

for (const [a, b, older] of ORDER) {
  test(`isOlderVersion(${String(a)}, ${b}) is ${older}`, () => {
    assert.equal(isOlderVersion(a, b), older);
  });
}

/** A live process whose command line looks like a worker's (`... worker run`), SIGTERM-able. */
async function fakeWorker(t: TestContext): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', 'worker', 'run'], {
    stdio: 'ignore',
  });
  t.after(() => child.kill('SIGKILL'));
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid ?? 0;
}

test('outdatedWorker names a live worker of an older version and not one of the same', async (t) => {
  const dataDir = tempDir(t);
  const pid = await fakeWorker(t);
  writeFileSync(pidFile(dataDir), JSON.stringify({ pid, port: 1, version: '0.0.1', startedAt: 0 }));
  assert.deepEqual(
    [outdatedWorker(dataDir, '0.1.0')?.pid, outdatedWorker(dataDir, '0.0.1')],
    [pid, undefined],
  );
});

test('replaceOutdatedWorker stops the older worker and returns its pid', async (t) => {
  const dataDir = tempDir(t);
  const pid = await fakeWorker(t);
  writeFileSync(pidFile(dataDir), JSON.stringify({ pid, port: 1, version: '0.0.1', startedAt: 0 }));
  assert.equal(await replaceOutdatedWorker(dataDir, { version: '0.1.0' }), pid);
  assert.equal(outdatedWorker(dataDir, '0.1.0'), undefined);
});

test('replaceOutdatedWorker leaves a newer worker running', async (t) => {
  const dataDir = tempDir(t);
  const pid = await fakeWorker(t);
  writeFileSync(pidFile(dataDir), JSON.stringify({ pid, port: 1, version: '0.2.0', startedAt: 0 }));
  assert.equal(await replaceOutdatedWorker(dataDir, { version: '0.1.0' }), undefined);
  assert.doesNotThrow(() => process.kill(pid, 0));
});
