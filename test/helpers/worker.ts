import { spawn, type ChildProcess } from 'node:child_process';
import { liveWorker, readOrCreateToken, workerRequest } from '../../src/client/index.ts';
import { listSpool } from '../../src/spool/index.ts';
import { CLI_BUNDLE, type TestHome } from './env.ts';

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * Starts the real worker (`node dist/cli.mjs worker run`) for a test home and waits for it. A
 * worker that exits before it is healthy fails the wait at once, with its exit code.
 */
export async function startWorker(home: TestHome): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI_BUNDLE, 'worker', 'run'], {
    env: home.env,
    stdio: 'ignore',
  });
  let exited = '';
  child.once('exit', (code, signal) => (exited = `exited (code ${code}, signal ${signal})`));
  await waitForHealth(home, 15_000, () => exited);
  return child;
}

/**
 * Waits until the worker of `home` answers /health with 200 (at most `timeoutMs`); `gone` says
 * why waiting is pointless (the process exited). The error names what was waited for, how
 * long, and the last answer.
 */
export async function waitForHealth(
  home: TestHome,
  timeoutMs = 15_000,
  gone: () => string = () => '',
): Promise<void> {
  const started = Date.now();
  let last = 'no answer yet';
  while (Date.now() - started < timeoutMs) {
    last = await workerRequest(home.port, '/health', { timeoutMs: 500 }).then(
      (res) => (res.status === 200 ? '' : `HTTP ${res.status}`),
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    if (last === '') return;
    const reason = gone();
    if (reason)
      throw new Error(
        `waited for the worker of ${home.dataDir} on port ${home.port} to answer GET /health, but it ${reason}; last answer: ${last}`,
      );
    await sleep(50);
  }
  throw new Error(
    `waited ${timeoutMs / 1000} s for the worker of ${home.dataDir} on port ${home.port} to answer GET /health with 200; last answer: ${last}`,
  );
}

/** Waits until the spool of `home` is empty and the worker answers (everything ingested). */
export async function waitForDrain(home: TestHome, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (listSpool(home.dataDir).length === 0) {
      await waitForHealth(home);
      if (listSpool(home.dataDir).length === 0) return;
    }
    await sleep(100);
  }
  throw new Error(
    `waited ${timeoutMs / 1000} s for the worker to ingest the spool of ${home.dataDir}: ${listSpool(home.dataDir).length} files still there`,
  );
}

/** Stops whatever worker runs for `home` (SIGTERM, then SIGKILL) and waits until it is gone. */
export async function stopWorker(home: TestHome): Promise<void> {
  const info = liveWorker(home.dataDir);
  if (!info) return;
  process.kill(info.pid, 'SIGTERM');
  for (let waited = 0; waited < 10_000 && liveWorker(home.dataDir); waited += 50) await sleep(50);
  if (liveWorker(home.dataDir)) process.kill(info.pid, 'SIGKILL');
}

/** The worker token of `home`. */
export const tokenOf = (home: TestHome): string => readOrCreateToken(home.dataDir);
