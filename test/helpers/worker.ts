import { spawn, type ChildProcess } from 'node:child_process';
import { liveWorker, readOrCreateToken, workerRequest } from '../../src/client/index.ts';
import { listSpool } from '../../src/spool/index.ts';
import { CLI_BUNDLE, type TestHome } from './env.ts';

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Starts the real worker (`node dist/cli.mjs worker run`) for a test home and waits for it. */
export async function startWorker(home: TestHome): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI_BUNDLE, 'worker', 'run'], {
    env: home.env,
    stdio: 'ignore',
  });
  await waitForHealth(home);
  return child;
}

/** Waits until the worker of `home` answers /health (at most `timeoutMs`). */
export async function waitForHealth(home: TestHome, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await workerRequest(home.port, '/health', { timeoutMs: 500 }).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(50);
  }
  throw new Error(`worker on port ${home.port} did not become healthy`);
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
  throw new Error(`spool of ${home.dataDir} did not drain`);
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
