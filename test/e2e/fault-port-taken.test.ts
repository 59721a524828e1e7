// Fault: the worker's port is taken by another program. The worker says so in the log and exits
// 1; hooks keep exiting 0 and capturing into the spool; doctor names the cause. Once the port is
// free, a worker starts and ingests everything that waited. The same when the holder is the
// claude-mem worker of another data folder: named as such, and that worker left alone.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { runHookProcess, type HookRun } from '../../src/cli/hook-process.ts';
import { logFile } from '../../src/config/index.ts';
import { listSpool } from '../../src/spool/index.ts';
import { cli } from '../helpers/cli.ts';
import { CLI_BUNDLE, HOOK_BUNDLE, createTestHome, type TestHome } from '../helpers/env.ts';
import { storedToolUseIds } from '../helpers/stored-events.ts';
import { bashCall, postToolUse } from '../helpers/hook-payloads.ts';
import { waitForNoWorkers, workerPidsFor } from '../helpers/proc.ts';
import { startWorker, stopWorker, waitForDrain, waitForHealth } from '../helpers/worker.ts';
import { saturateWhenAsked } from '../helpers/cpu-load.ts';

saturateWhenAsked();

const NEUTRAL = '{"continue":true,"suppressOutput":true}\n';
const EVENTS = 5;

/** Another program on the port: a plain web server that answers everything with 200. */
function occupy(port: number): Promise<Server> {
  const server = createServer((_req, res) => res.end('some other program\n'));
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** `node dist/cli.mjs worker run` in the foreground: its exit code. */
function runWorkerForeground(env: NodeJS.ProcessEnv): Promise<number | null> {
  const child = spawn(process.execPath, [CLI_BUNDLE, 'worker', 'run'], { env, stdio: 'ignore' });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

const toolPayload = (i: number): string =>
  postToolUse('port-taken', `toolu_port_${i}`, bashCall(`echo ${i}`, String(i)));

describe('the worker port is taken by another program', () => {
  let home: TestHome;
  let blocker: Server;
  let exitCode: number | null;
  let hookRuns: HookRun[];
  let spooledWhileBlocked: number;
  let doctorWhileBlocked: string;
  let workersWhileBlocked: number[];
  let startAfter: HookRun;

  before(async () => {
    home = await createTestHome({ CLAUDE_MEM_SEARCH_EMBEDDER: 'off' });
    blocker = await occupy(home.port);
    exitCode = await runWorkerForeground(home.env);
    hookRuns = [];
    for (let i = 0; i < EVENTS; i += 1) {
      hookRuns.push(await runHookProcess(HOOK_BUNDLE, 'PostToolUse', toolPayload(i), home.env));
    }
    await waitForNoWorkers([home.dataDir]);
    workersWhileBlocked = workerPidsFor(home.dataDir);
    spooledWhileBlocked = listSpool(home.dataDir).length;
    doctorWhileBlocked = (await cli(['doctor'], home.env)).stdout;
    await new Promise((resolve) => blocker.close(resolve));
    startAfter = await cli(['worker', 'start'], home.env);
    await waitForDrain(home);
  });

  after(async () => {
    await stopWorker(home);
    home.cleanup();
  });

  it('has the worker exit 1', () => {
    assert.equal(exitCode, 1);
  });

  it('logs that the port is taken by another program and how to choose another', () => {
    const log = readFileSync(logFile(home.dataDir), 'utf8');
    assert.match(
      log,
      new RegExp(
        `ERROR \\[worker\\] port ${home.port} is taken by another program; the worker exits\\..*config set worker\\.port`,
      ),
    );
  });

  it('keeps the hooks exiting 0 with the neutral answer', () => {
    assert.deepEqual(
      hookRuns.map((run) => [run.code, run.stdout, run.stderr]),
      hookRuns.map(() => [0, NEUTRAL, '']),
    );
  });

  it('keeps every captured event in the spool meanwhile, and leaves no worker process behind', () => {
    assert.deepEqual([spooledWhileBlocked, workersWhileBlocked], [EVENTS, []]);
  });

  it('has doctor name the cause', () => {
    assert.match(
      doctorWhileBlocked,
      new RegExp(`FAIL worker +not running: port ${home.port} is taken by another program`),
    );
  });

  it('starts once the port is free and ingests everything that waited', () => {
    assert.equal(startAfter.code, 0);
    assert.deepEqual(
      storedToolUseIds(home.dataDir, 'tool_use_id'),
      Array.from({ length: EVENTS }, (_, i) => `toolu_port_${i}`),
    );
  });
});

describe('the worker port is used by the claude-mem worker of another data folder', () => {
  let owner: TestHome;
  let other: TestHome;
  let exitCode: number | null;
  let doctor: string;
  let ownerAfter: HookRun;

  before(async () => {
    owner = await createTestHome();
    other = await createTestHome();
    other.env.CLAUDE_MEM_WORKER_PORT = String(owner.port);
    await startWorker(owner);
    exitCode = await runWorkerForeground(other.env);
    doctor = (await cli(['doctor'], other.env)).stdout;
    await waitForHealth(owner);
    ownerAfter = await cli(['status'], owner.env);
  });

  after(async () => {
    await stopWorker(owner);
    owner.cleanup();
    other.cleanup();
  });

  it('has the second worker exit 1 and say whose the port is', () => {
    assert.equal(exitCode, 1);
    assert.match(
      readFileSync(logFile(other.dataDir), 'utf8'),
      new RegExp(
        `ERROR \\[worker\\] port ${owner.port} is used by the claude-mem worker of another data folder; the worker exits\\..*config set worker\\.port`,
      ),
    );
  });

  it("has doctor name the other data folder's worker", () => {
    assert.match(
      doctor,
      new RegExp(
        `FAIL worker +not running: port ${owner.port} is used by the claude-mem worker of another data folder`,
      ),
    );
  });

  it("leaves the first folder's worker running and its folder untouched by the second", () => {
    assert.equal(ownerAfter.code, 0);
    assert.doesNotMatch(readFileSync(logFile(owner.dataDir), 'utf8'), /another data folder/);
  });
});
