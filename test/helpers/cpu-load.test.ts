import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { test } from 'node:test';
import { saturateCpus } from './cpu-load.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Clock ticks of user CPU a process has used, or undefined once it is gone. */
function userTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[11]);
  } catch {
    return undefined;
  }
}

async function waitUntil(check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await sleep(50);
}

test('runs one busy loop per core, each burning CPU, until stopped', async () => {
  const load = saturateCpus();
  const burning = () => load.pids.every((pid) => (userTicks(pid) ?? 0) > 0);
  await waitUntil(burning);
  const ticks = load.pids.map(userTicks);
  await load.stop();
  assert.equal(load.loops, availableParallelism());
  assert.ok(
    ticks.every((n) => (n ?? 0) > 0),
    JSON.stringify(ticks),
  );
  assert.deepEqual(
    load.pids.map(userTicks),
    load.pids.map(() => undefined),
  );
});

test('a loop ends by itself when its time is up', async () => {
  const load = saturateCpus({ loops: 1, maxMs: 200 });
  await waitUntil(() => userTicks(load.pids[0] ?? 0) === undefined);
  assert.equal(userTicks(load.pids[0] ?? 0), undefined);
  await load.stop();
});
