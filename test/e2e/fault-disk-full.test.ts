// Fault: the data folder's disk is full (issue 31), on a real size-limited file system: a tmpfs
// mounted for the test (root only; skipped with a line saying so elsewhere). No event may be lost
// silently: each one is stored once there is room again, or the hook's answer named the loss to
// the user; and /health, status and doctor report the full disk while it lasts.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { workerRequest } from '../../src/client/index.ts';
import { runHookProcess, type HookRun } from '../../src/cli/hook-process.ts';
import { RESERVE_SLOTS } from '../../src/spool/index.ts';
import { cli } from '../helpers/cli.ts';
import { HOOK_BUNDLE, freePort, hermeticEnv, type TestHome } from '../helpers/env.ts';
import { storedToolUseIds } from '../helpers/stored-events.ts';
import { bashCall, postToolUse } from '../helpers/hook-payloads.ts';
import { startWorker, stopWorker, tokenOf, waitForDrain } from '../helpers/worker.ts';

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));
/** More events than the reserve holds, so that its end is met too. */
const EVENTS = RESERVE_SLOTS + 4;

/** Mounts a tmpfs of `size` at a new folder; the reason it could not, as a string. */
function mountTmpfs(size: string): { dir: string; root: string } | string {
  const root = mkdtempSync(join(tmpdir(), 'claude-mem-disk-'));
  const dir = join(root, 'disk');
  mkdirSync(dir);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
    return { dir, root };
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    return `cannot mount a size-limited tmpfs here (needs root): ${String(error).split('\n')[0]}`;
  }
}

/** Fills the file system holding `dir` to the last byte; returns the filler file. */
function fillDisk(dir: string): string {
  const filler = join(dir, 'filler');
  const fd = openSync(filler, 'w');
  for (const size of [1 << 16, 1 << 12, 1 << 9, 1]) {
    const chunk = Buffer.alloc(size, 1);
    try {
      for (;;) writeSync(fd, chunk);
    } catch {
      // ENOSPC: go on with smaller chunks down to the last byte.
    }
  }
  closeSync(fd);
  return filler;
}

const payload = (i: number): string =>
  postToolUse('disk-full', `toolu_full_${i}`, bashCall(`echo ${i}`, `${i}\n`));

/** The parts of /health this test reads. */
interface Health {
  status?: string;
  disk?: { ok: boolean; reason?: string; reserveFree?: number };
}

async function health(home: TestHome): Promise<Health> {
  const res = await workerRequest(home.port, '/health', {
    timeoutMs: 10_000,
    token: tokenOf(home),
  });
  return res.body as Health;
}

async function waitForHealth(home: TestHome, ok: (body: Health) => boolean) {
  let last: Health = {};
  // Generous: after a database fault ingest retries with a pause doubling up to 30 s.
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; await sleep(200)) {
    last = await health(home);
    if (ok(last)) return last;
  }
  throw new Error(`waited 180 s for /health to change; last answer: ${JSON.stringify(last)}`);
}

const mounted = mountTmpfs('8m');

describe(
  'a full disk under the data folder',
  { skip: typeof mounted === 'string' && mounted },
  () => {
    const { dir, root } = mounted as { dir: string; root: string };
    let home: TestHome;
    const runs: HookRun[] = [];
    let during: Health;
    let statusDuring: string;
    let doctorDuring: string;
    let afterwards: Health;

    before(async () => {
      const dataDir = join(dir, 'data');
      const port = await freePort();
      const env = {
        ...hermeticEnv(root),
        CLAUDE_MEM_DATA_DIR: dataDir,
        CLAUDE_MEM_WORKER_PORT: String(port),
        CLAUDE_MEM_SEARCH_EMBEDDER: 'off',
      };
      home = { dataDir, port, env, cleanup: () => undefined };
      await startWorker(home);
      await waitForHealth(home, (body) => body.disk?.reserveFree === RESERVE_SLOTS);
      const filler = fillDisk(dir);
      during = await waitForHealth(home, (body) => body.disk?.ok === false);
      for (let i = 0; i < EVENTS; i += 1) {
        runs.push(await runHookProcess(HOOK_BUNDLE, 'PostToolUse', payload(i), env, '/'));
      }
      statusDuring = (await cli(['status'], env)).stdout;
      doctorDuring = (await cli(['doctor'], env)).stdout;
      rmSync(filler);
      afterwards = await waitForHealth(home, (body) => body.status === 'ok');
      await waitForDrain(home);
    });

    after(async () => {
      await stopWorker(home);
      execFileSync('umount', [dir]);
      rmSync(root, { recursive: true, force: true });
    });

    it('every hook exits 0 with one line of valid JSON that lets Claude Code go on', () => {
      assert.deepEqual(
        runs.map((run) => [run.code, JSON.parse(run.stdout).continue]),
        runs.map(() => [0, true]),
      );
    });

    it('loses no event silently: each is stored, or an answer up to it named the loss', () => {
      const stored = new Set(storedToolUseIds(home.dataDir));
      const told = runs.map((run) => JSON.parse(run.stdout).systemMessage !== undefined);
      const silent = runs.filter(
        (_, i) => !stored.has(`toolu_full_${i}`) && !told.slice(0, i + 1).some(Boolean),
      );
      assert.deepEqual(silent, []);
      assert.ok(stored.size >= RESERVE_SLOTS, `only ${stored.size} events stored`);
    });

    it('names the loss to the user in words, once per session', () => {
      const messages = runs.map((run) => JSON.parse(run.stdout).systemMessage).filter(Boolean);
      assert.ok(messages.length <= 1, JSON.stringify(messages));
      for (const message of messages) assert.match(message, /cannot save .*ENOSPC.*disk full/);
    });

    it('has /health report the full disk, with the reason', () => {
      assert.equal(during.status, 'degraded');
      assert.match(during.disk?.reason ?? '', /is full \(\d+ KB free\).*free some space/);
    });

    it('has status and doctor say the disk is full', () => {
      assert.match(statusDuring, /^disk: FULL .*is full/m);
      assert.match(doctorDuring, /^FAIL +disk +.*is full/m);
    });

    it('is healthy again once there is room, the reserve refilled', () => {
      assert.deepEqual([afterwards.disk?.ok, afterwards.disk?.reserveFree], [true, RESERVE_SLOTS]);
    });
  },
);
