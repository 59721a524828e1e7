import assert from 'node:assert/strict';
import { TEST_PATH } from '../../../test/helpers/env.ts';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { createReaper } from './process-reaper.ts';

/** Running (not gone, not a zombie waiting for a parent that does not reap, as in containers). */
const alive = (pid: number): boolean => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/** A shell that starts a grandchild and both sleep: the group must die together. */
const sleeper = {
  command: '/bin/sh',
  args: ['-c', 'sleep 30 & echo $!; wait'],
  env: { PATH: TEST_PATH },
};

async function grandchildOf(child: { stdout: NodeJS.ReadableStream }): Promise<number> {
  return new Promise((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
}

test('settle kills a child that does not exit in time, and its whole process group', async () => {
  const reaper = createReaper();
  const child = reaper.spawn(sleeper);
  const grandchild = await grandchildOf(child);
  assert.deepEqual([reaper.live(), alive(grandchild)], [[child.pid], true]);
  await reaper.settle(child, 50);
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual([reaper.live(), alive(child.pid ?? 0), alive(grandchild)], [[], false, false]);
});

test('the forwarded abort signal and killAll kill at once; stderr is kept', async () => {
  const reaper = createReaper();
  const controller = new AbortController();
  const first = reaper.spawn({ ...sleeper, signal: controller.signal });
  const second = reaper.spawn({
    command: '/bin/sh',
    args: ['-c', 'echo oops >&2; sleep 30'],
    env: {},
  });
  await new Promise((resolve) => second.stderr.once('data', resolve));
  controller.abort();
  reaper.killAll();
  await Promise.all(
    [first, second].map(
      (c) =>
        new Promise((resolve) =>
          c.exitCode !== null || c.signalCode !== null ? resolve(0) : c.once('exit', resolve),
        ),
    ),
  );
  assert.deepEqual(
    [first.signalCode, second.signalCode, reaper.stderrOf(second)],
    ['SIGKILL', 'SIGKILL', 'oops\n'],
  );
});
