// Fault: another process holds the database's write lock while hooks run and the worker is asked
// to read and write (released when the test is done with that, not after a fixed time that a
// loaded machine could outlast). Hooks keep capturing into the spool; the worker keeps answering reads (WAL readers need no write lock) instead of blocking or
// answering 500; its ingest passes give up quickly and retry every second, and once the lock is
// released everything captured meanwhile is stored once. Nothing is quarantined.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readWorkerInfo, workerRequest } from '../../src/client/index.ts';
import { runHookProcess, type HookRun } from '../../src/cli/hook-process.ts';
import { databaseFile, logFile } from '../../src/config/index.ts';
import { countQuarantined, listSpool } from '../../src/spool/index.ts';
import { HOOK_BUNDLE, createTestHome, type TestHome } from '../helpers/env.ts';
import { storedToolUseIds } from '../helpers/stored-events.ts';
import { postToolUse } from '../helpers/hook-payloads.ts';
import { startWorker, stopWorker, tokenOf, waitForDrain } from '../helpers/worker.ts';
import { saturateWhenAsked } from '../helpers/cpu-load.ts';

saturateWhenAsked();

/** A safety net only: the test releases the lock once its captures and calls are done. */
const HOLD_AT_MOST_MS = 10 * 60_000;
/** A deadline for one call to the worker on a loaded machine: its answer is what is checked. */
const CALL_DEADLINE_MS = 60_000;
const EVENTS = 12;
const NEUTRAL = '{"continue":true,"suppressOutput":true}\n';
const REPO = join(import.meta.dirname, '..', '..');

/** The process holding the lock: `release()` has it commit and exit; `done` is its exit code. */
interface Locker {
  child: ChildProcess;
  release(): void;
  done: Promise<number | null>;
}

/**
 * Another process (node + better-sqlite3, as a backup tool or a second app would be) that takes
 * the write lock with BEGIN IMMEDIATE, says "locked", and holds it until its stdin closes (at
 * most `ms`), then commits and exits.
 */
function holdWriteLock(file: string, ms: number): Promise<Locker> {
  const script = `
    const db = new (require('better-sqlite3'))(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    const end = () => { db.exec('COMMIT'); db.close(); process.exit(0); };
    process.stdin.on('end', end).resume();
    setTimeout(end, Number(process.argv[2]));`;
  const child = spawn(process.execPath, ['-e', script, file, String(ms)], {
    cwd: REPO,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const done = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const release = (): void => void child.stdin?.end();
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', () => resolve({ child, release, done }));
    child.once('error', reject);
  });
}

function toolPayload(i: number): string {
  return postToolUse('db-lock', `toolu_lock_${i}`, {
    tool_name: 'Grep',
    tool_input: { pattern: `needle${i}` },
    tool_response: { mode: 'files_with_matches', filenames: [`/repo/src/f${i}.ts`], numFiles: 1 },
  });
}

/** GETs the worker answers while the lock is held: the status of each. */
async function readsDuringLock(home: TestHome): Promise<number[]> {
  const paths = ['/health', '/api/events?limit=5', '/api/sessions', '/api/search?q=needle1'];
  const statuses: number[] = [];
  for (const path of paths) {
    statuses.push(
      (await workerRequest(home.port, path, { token: tokenOf(home), timeoutMs: CALL_DEADLINE_MS }))
        .status,
    );
  }
  return statuses;
}

/** A write while the lock is held: it gives up after the worker's 2 s busy timeout. */
async function writeDuringLock(home: TestHome): Promise<unknown> {
  const res = await workerRequest(home.port, '/api/memories', {
    method: 'POST',
    token: tokenOf(home),
    body: { title: 'written during the lock', text: 'must wait or be refused', project: 'p' },
    timeoutMs: CALL_DEADLINE_MS,
  });
  return { status: res.status, body: res.body };
}

describe('another process holds the database write lock', () => {
  let home: TestHome;
  let pidBefore: number | undefined;
  let hookRuns: HookRun[];
  let statuses: number[];
  let write: unknown;
  let lockStillHeld: boolean;
  let lockerExit: number | null;

  before(async () => {
    home = await createTestHome({ CLAUDE_MEM_SEARCH_EMBEDDER: 'off' });
    await startWorker(home);
    pidBefore = readWorkerInfo(home.dataDir)?.pid;
    const locker = await holdWriteLock(databaseFile(home.dataDir), HOLD_AT_MOST_MS);
    hookRuns = [];
    for (let i = 0; i < EVENTS; i += 1) {
      hookRuns.push(await runHookProcess(HOOK_BUNDLE, 'PostToolUse', toolPayload(i), home.env));
    }
    statuses = await readsDuringLock(home);
    write = await writeDuringLock(home);
    lockStillHeld = locker.child.exitCode === null;
    locker.release();
    lockerExit = await locker.done;
    await waitForDrain(home);
  });

  after(async () => {
    await stopWorker(home);
    home.cleanup();
  });

  it('held the lock for the whole capture and the reads (the test did what it says)', () => {
    assert.deepEqual([lockStillHeld, lockerExit], [true, 0]);
  });

  it('keeps the hooks exiting 0 with the neutral answer', () => {
    assert.deepEqual(
      hookRuns.map((run) => [run.code, run.stdout]),
      hookRuns.map(() => [0, NEUTRAL]),
    );
  });

  it('answers reads with 200 while the lock is held (no 500, no stall)', () => {
    assert.deepEqual(statuses, [200, 200, 200, 200]);
  });

  it('refuses a write with 503 DB_BUSY after a bounded wait, not a 500', () => {
    assert.deepEqual(write, {
      status: 503,
      body: { error: { code: 'DB_BUSY', message: 'database is busy, retry' } },
    });
  });

  it('stores every event once after the lock is released, with the same worker', () => {
    assert.deepEqual(
      storedToolUseIds(home.dataDir),
      Array.from({ length: EVENTS }, (_, i) => `toolu_lock_${i}`),
    );
    assert.equal(readWorkerInfo(home.dataDir)?.pid, pidBefore);
  });

  it('quarantines nothing and leaves the spool empty', () => {
    assert.deepEqual([countQuarantined(home.dataDir), listSpool(home.dataDir).length], [0, 0]);
  });

  it('logs the lock once, and that ingest resumed', () => {
    const log = readFileSync(logFile(home.dataDir), 'utf8');
    assert.equal(log.match(/the database is locked by another process/g)?.length, 1);
    assert.match(log, /the database is writable again; ingest resumed/);
  });
});
