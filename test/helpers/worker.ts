import { spawn, type ChildProcess } from 'node:child_process';
import { liveWorker, readOrCreateToken, workerRequest } from '../../src/client/index.ts';
import { listSpool } from '../../src/spool/index.ts';
import { CLI_BUNDLE, type TestHome } from './env.ts';

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * How long a worker may take to start, answer or stop before a test gives up: a deadline for a
 * machine under load (a busy CI runner, `run-tests.mjs --saturated`), not a budget; an idle
 * machine takes well under a second and never waits for it.
 */
export const WORKER_DEADLINE_MS = 120_000;

/**
 * Starts the real worker (`node dist/cli.mjs worker run`) for a test home and waits for it (at
 * most `timeoutMs`). A worker that exits before it is healthy fails the wait at once, with its
 * exit code.
 */
export async function startWorker(
  home: TestHome,
  timeoutMs = WORKER_DEADLINE_MS,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI_BUNDLE, 'worker', 'run'], {
    env: home.env,
    stdio: 'ignore',
  });
  let exited = '';
  child.once('exit', (code, signal) => (exited = `exited (code ${code}, signal ${signal})`));
  await waitForHealth(home, timeoutMs, () => exited);
  return child;
}

/**
 * Waits until the worker of `home` answers /health with 200 (at most `timeoutMs`); `gone` says
 * why waiting is pointless (the process exited). The error names what was waited for, how
 * long, and the last answer.
 */
export async function waitForHealth(
  home: TestHome,
  timeoutMs = WORKER_DEADLINE_MS,
  gone: () => string = () => '',
): Promise<void> {
  const started = Date.now();
  let last = 'no answer yet';
  while (Date.now() - started < timeoutMs) {
    last = await workerRequest(home.port, '/health', { timeoutMs: 5_000 }).then(
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
export async function waitForDrain(home: TestHome, timeoutMs = WORKER_DEADLINE_MS): Promise<void> {
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

/**
 * Stops whatever worker runs for `home` and waits until it is gone: SIGTERM, and SIGKILL for one
 * still there after 30 s (a clean-up, so a worker stuck in its shutdown must not hang the test).
 */
export async function stopWorker(home: TestHome): Promise<void> {
  const info = liveWorker(home.dataDir);
  if (!info) return;
  process.kill(info.pid, 'SIGTERM');
  for (let waited = 0; waited < 30_000 && liveWorker(home.dataDir); waited += 50) await sleep(50);
  if (!liveWorker(home.dataDir)) return;
  process.kill(info.pid, 'SIGKILL');
  for (let waited = 0; waited < 30_000 && liveWorker(home.dataDir); waited += 50) await sleep(50);
}

/** The worker token of `home`. */
export const tokenOf = (home: TestHome): string => readOrCreateToken(home.dataDir);
