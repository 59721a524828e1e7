import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { test, type TestContext } from 'node:test';
import { pidFile } from '../config/index.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { isWorkerProcess, liveWorker, readWorkerInfo } from './worker-info.ts';

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

/** A live `node -e <idle> ...args` process, killed when the test ends. */
async function idleProcess(t: TestContext, ...args: string[]): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', ...args], {
    stdio: 'ignore',
  });
  t.after(() => child.kill('SIGKILL'));
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid ?? 0;
}

const writePidFile = (dataDir: string, content: unknown): void =>
  writeFileSync(pidFile(dataDir), typeof content === 'string' ? content : JSON.stringify(content));

test('readWorkerInfo reads the PID file the worker writes', (t) => {
  const dataDir = tempDir(t);
  const info = { pid: 4242, port: 37777, version: '1.0.0', startedAt: 5 };
  writePidFile(dataDir, info);
  assert.deepEqual(readWorkerInfo(dataDir), info);
});

for (const [name, content] of [
  ['an empty file', ''],
  ['garbage', 'not json'],
  ['a file without port', { pid: 4242 }],
  ['a string pid', { pid: '4242', port: 37777 }],
] as const) {
  test(`readWorkerInfo of ${name} is undefined`, (t) => {
    const dataDir = tempDir(t);
    writePidFile(dataDir, content);
    assert.equal(readWorkerInfo(dataDir), undefined);
  });
}

test('readWorkerInfo without a PID file is undefined', (t) => {
  assert.equal(readWorkerInfo(tempDir(t)), undefined);
});

test('a dead pid is not a live worker', () => {
  assert.equal(isWorkerProcess(deadPid()), false);
});

test('a stale PID file (dead pid) gives no live worker', (t) => {
  const dataDir = tempDir(t);
  writePidFile(dataDir, { pid: deadPid(), port: 37777, version: '1', startedAt: 1 });
  assert.equal(liveWorker(dataDir), undefined);
});

test('a live process that is not a worker (a reused pid) is not mistaken for one', async (t) => {
  const pid = await idleProcess(t);
  assert.equal(isWorkerProcess(pid), false);
});

test('a live `worker run` process is recognised, and liveWorker returns its info', async (t) => {
  const pid = await idleProcess(t, 'worker', 'run');
  const dataDir = tempDir(t);
  const info = { pid, port: 37777, version: '1', startedAt: 1 };
  writePidFile(dataDir, info);
  assert.equal(isWorkerProcess(pid), true);
  assert.deepEqual(liveWorker(dataDir), info);
});

test('a process that merely mentions worker and run (npm run worker) is not a worker', async (t) => {
  const pid = await idleProcess(t, 'run', 'worker');
  assert.equal(isWorkerProcess(pid), false);
});
