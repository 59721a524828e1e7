// Fault: a second worker is started on the same data folder with another port (issue 12, defect
// 7). The data folder, not the port, is the mutex: the second worker exits at once with a message
// naming the running one and leaves its PID file alone, so `worker status` and `worker stop` keep
// working on the first.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { HookRun } from '../../src/cli/hook-process.ts';
import { logFile } from '../../src/config/index.ts';
import { liveWorker, type WorkerInfo } from '../../src/client/index.ts';
import { cli } from '../helpers/cli.ts';
import { CLI_BUNDLE, createTestHome, freePort, type TestHome } from '../helpers/env.ts';
import { waitForNoWorkers, workerPidsFor } from '../helpers/proc.ts';
import { startWorker, stopWorker } from '../helpers/worker.ts';
import { saturateWhenAsked } from '../helpers/cpu-load.ts';

saturateWhenAsked();

/**
 * `worker run` in the foreground: its exit code and stderr. One still running after 120 s (it
 * exits within a second on an idle machine; the wait is for a loaded one) is stopped (SIGTERM),
 * the way a user would end it, so the test sees what that does to the first.
 */
function runSecondWorker(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  const child: ChildProcess = spawn(process.execPath, [CLI_BUNDLE, 'worker', 'run'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGTERM'), 120_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

describe('a second worker on the same data folder with another port', () => {
  let home: TestHome;
  let first: WorkerInfo | undefined;
  let second: { code: number | null; stderr: string };
  let infoAfter: WorkerInfo | undefined;
  let status: HookRun;
  let stop: HookRun;
  let workersAfterStop: number[];

  before(async () => {
    home = await createTestHome();
    await startWorker(home);
    first = liveWorker(home.dataDir);
    const otherPort = String(await freePort());
    second = await runSecondWorker({ ...home.env, CLAUDE_MEM_WORKER_PORT: otherPort });
    infoAfter = liveWorker(home.dataDir);
    status = await cli(['worker', 'status'], home.env);
    stop = await cli(['worker', 'stop'], home.env);
    await waitForNoWorkers([home.dataDir]);
    workersAfterStop = workerPidsFor(home.dataDir);
  });

  after(async () => {
    await stopWorker(home);
    for (const pid of workerPidsFor(home.dataDir)) process.kill(pid, 'SIGKILL');
    home.cleanup();
  });

  it('has the second worker exit 1 at once, naming the running one', () => {
    assert.equal(second.code, 1);
    assert.match(
      second.stderr,
      new RegExp(`another worker \\(pid ${first?.pid}, port ${home.port}\\) already runs`),
    );
    assert.match(readFileSync(logFile(home.dataDir), 'utf8'), /another worker \(pid \d+/);
  });

  it("leaves the first worker's PID file in place", () => {
    assert.deepEqual(infoAfter, first);
  });

  it('keeps worker status and worker stop on the first worker', () => {
    assert.equal(status.code, 0, status.stdout);
    assert.match(stop.stdout, new RegExp(`worker stopped \\(pid ${first?.pid}\\)`));
    assert.deepEqual(workersAfterStop, []);
  });
});
