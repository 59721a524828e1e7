// Fault: the package is upgraded while a worker of the old version runs. The first hook of the new
// version sees the old version in worker.pid, asks that worker to stop (SIGTERM: it finishes its
// in-flight batch) and starts a new one, which waits for the old one to exit. Nothing is lost:
// whatever was captured meanwhile waits in the spool.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { readWorkerInfo, workerRequest } from '../../src/client/index.ts';
import { runHookProcess, type HookRun } from '../../src/cli/hook-process.ts';
import { VERSION, logFile } from '../../src/config/index.ts';
import { countQuarantined, listSpool } from '../../src/spool/index.ts';
import { queryDb } from '../helpers/db.ts';
import { HOOK_BUNDLE, createTestHome, type TestHome } from '../helpers/env.ts';
import { storedToolUseIds } from '../helpers/stored-events.ts';
import { foldContext } from '../helpers/hook-answer.ts';
import { workerPidsFor } from '../helpers/proc.ts';
import { buildVersion, type VersionedBuild } from '../helpers/versioned-build.ts';
import {
  startWorker,
  stopWorker,
  waitForDrain,
  waitForHealth,
  tokenOf,
} from '../helpers/worker.ts';
import { saturateWhenAsked } from '../helpers/cpu-load.ts';

saturateWhenAsked();

const OLD_VERSION = '0.0.1';
const NEUTRAL = '{"continue":true,"suppressOutput":true}\n';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One session through `hookBundle`: a prompt, then `tools` Read calls, in order. */
async function runSession(
  hookBundle: string,
  home: TestHome,
  session: string,
  tools: number,
): Promise<HookRun[]> {
  const base = { session_id: session, transcript_path: '', cwd: home.dataDir };
  const runs = [
    await runHookProcess(
      hookBundle,
      'UserPromptSubmit',
      JSON.stringify({
        ...base,
        hook_event_name: 'UserPromptSubmit',
        prompt: `work in ${session}`,
      }),
      home.env,
    ),
  ];
  for (let i = 0; i < tools; i += 1) {
    const payload = {
      ...base,
      hook_event_name: 'PostToolUse',
      tool_name: 'Read',
      tool_use_id: `toolu_${session}_${i}`,
      tool_input: { file_path: `/repo/src/file-${i}.ts` },
      tool_response: { type: 'text', file: { filePath: `/repo/src/file-${i}.ts`, content: 'x' } },
    };
    runs.push(await runHookProcess(hookBundle, 'PostToolUse', JSON.stringify(payload), home.env));
  }
  return runs;
}

async function healthVersion(home: TestHome): Promise<unknown> {
  const res = await workerRequest(home.port, '/health', {
    token: tokenOf(home),
    timeoutMs: 30_000,
  });
  return (res.body as { version?: unknown }).version;
}

/** Waits until the worker of `home` answers with `version`. */
async function waitForVersion(home: TestHome, version: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const seen = await healthVersion(home).catch(() => undefined);
    if (seen === version) return;
    await sleep(100);
  }
  throw new Error(`no worker of version ${version} on port ${home.port}`);
}

/** Stops the home's worker, then removes the home and the old version's build. */
async function removeAll(home: TestHome, old: VersionedBuild): Promise<void> {
  await stopWorker(home);
  home.cleanup();
  old.remove();
}

describe('the package is upgraded while a worker of the old version runs', () => {
  let old: VersionedBuild;
  let home: TestHome;
  let oldVersionSeen: unknown;
  let oldPid: number | undefined;
  let oldExit: { code: number | null; signal: NodeJS.Signals | null };
  const runs: HookRun[] = [];

  before(async () => {
    old = await buildVersion(OLD_VERSION);
    home = await createTestHome({ CLAUDE_MEM_SEARCH_EMBEDDER: 'off' });
    const oldWorker = spawn(process.execPath, [old.cliBundle, 'worker', 'run'], {
      env: home.env,
      stdio: 'ignore',
    });
    const exited = new Promise<typeof oldExit>((resolve) =>
      oldWorker.once('exit', (code, signal) => resolve({ code, signal })),
    );
    await waitForHealth(home);
    oldVersionSeen = await healthVersion(home);
    oldPid = oldWorker.pid;
    // Captured by the old install's hooks, then the upgrade: the new install's hooks take over.
    runs.push(...(await runSession(old.hookBundle, home, 'before-upgrade', 5)));
    runs.push(...(await runSession(HOOK_BUNDLE, home, 'after-upgrade', 20)));
    oldExit = await exited;
    await waitForVersion(home, VERSION);
    await waitForDrain(home);
  });

  after(() => removeAll(home, old));

  it('ran the old version first', () => {
    assert.equal(oldVersionSeen, OLD_VERSION);
  });

  it('has every hook, old and new, exit 0 with the neutral answer', () => {
    assert.deepEqual(
      runs.map((run) => [run.code, foldContext(run.stdout)]),
      runs.map(() => [0, NEUTRAL]),
    );
  });

  it('let the old worker stop gracefully (SIGTERM handled, exit code 0)', () => {
    assert.deepEqual(oldExit, { code: 0, signal: null });
  });

  it('runs exactly one worker afterwards, of the new version, named in worker.pid', () => {
    const info = readWorkerInfo(home.dataDir);
    assert.deepEqual(workerPidsFor(home.dataDir), [info?.pid]);
    assert.equal(info?.version, VERSION);
    assert.notEqual(info?.pid, oldPid);
  });

  it('stores every event of both sessions exactly once', () => {
    const expected = [
      ...Array.from({ length: 5 }, (_, i) => `toolu_before-upgrade_${i}`),
      ...Array.from({ length: 20 }, (_, i) => `toolu_after-upgrade_${i}`),
    ];
    assert.deepEqual(storedToolUseIds(home.dataDir), expected);
    assert.equal(queryDb(home.dataDir, 'SELECT 1 FROM prompts').length, 2);
  });

  it('leaves the spool empty and nothing quarantined', () => {
    assert.deepEqual([listSpool(home.dataDir).length, countQuarantined(home.dataDir)], [0, 0]);
  });

  it('logs the old worker listening, stopping on SIGTERM, then the new one listening', () => {
    const lines = readFileSync(logFile(home.dataDir), 'utf8').split('\n');
    const at = (text: string) => lines.findIndex((line) => line.includes(text));
    const order = [
      at(`worker ${OLD_VERSION} listening`),
      at('worker stopping (SIGTERM)'),
      at(`worker ${VERSION} listening`),
    ];
    assert.deepEqual(
      order.map((index) => index >= 0),
      [true, true, true],
    );
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      order,
    );
  });
});

describe('a hook of an older version finds a newer worker', () => {
  let old: VersionedBuild;
  let home: TestHome;
  let pidBefore: number | undefined;
  const runs: HookRun[] = [];

  before(async () => {
    old = await buildVersion(OLD_VERSION);
    home = await createTestHome({ CLAUDE_MEM_SEARCH_EMBEDDER: 'off' });
    await startWorker(home);
    pidBefore = readWorkerInfo(home.dataDir)?.pid;
    runs.push(...(await runSession(old.hookBundle, home, 'old-hook', 3)));
    await waitForDrain(home);
  });

  after(() => removeAll(home, old));

  it('leaves the newer worker running (no downgrade, no back-and-forth between installs)', () => {
    assert.deepEqual(workerPidsFor(home.dataDir), [pidBefore]);
    assert.equal(readWorkerInfo(home.dataDir)?.version, VERSION);
  });

  it('still captures through it', () => {
    assert.deepEqual(
      [runs.every((run) => run.code === 0), storedToolUseIds(home.dataDir)],
      [true, ['toolu_old-hook_0', 'toolu_old-hook_1', 'toolu_old-hook_2']],
    );
  });
});
