// Fault: the database file of a running worker is damaged (random bytes over a table's pages,
// as `dd` would write them). Issue 12, defect 2: new events used to go to quarantine for good
// while /health said ok. Now they wait in the spool, /health, status and doctor name the fault
// and what to do, and `doctor --repair --from-backup` rebuilds the database (the damaged file is
// kept aside), after which everything that waited is ingested. Then `retry --quarantine` gives
// files quarantined by an older version another try.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readdirSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runHookProcess, type HookRun } from '../../src/cli/hook-process.ts';
import { workerRequest } from '../../src/client/index.ts';
import { quarantineDir } from '../../src/config/index.ts';
import { countQuarantined, listSpool } from '../../src/spool/index.ts';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import { CLI_BUNDLE, HOOK_BUNDLE, createTestHome, type TestHome } from '../helpers/env.ts';
import { storedToolUseIds } from '../helpers/stored-events.ts';
import { bashCall, postToolUse, promptSubmit } from '../helpers/hook-payloads.ts';
import { workerPidsFor } from '../helpers/proc.ts';
import { startWorker, stopWorker, tokenOf, waitForDrain } from '../helpers/worker.ts';
import { saturateWhenAsked } from '../helpers/cpu-load.ts';

saturateWhenAsked();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const toolPayload = (id: string): string =>
  postToolUse('db-corrupt', id, bashCall(`echo ${id}`, id));

async function capture(home: TestHome, ids: string[]): Promise<void> {
  for (const id of ids) await runHookProcess(HOOK_BUNDLE, 'PostToolUse', toolPayload(id), home.env);
}

/** A consistent copy of the live database (SQLite's online backup), as a user would keep. */
async function backup(home: TestHome, file: string): Promise<void> {
  const db = new Database(join(home.dataDir, 'claude-mem.db'));
  await db.backup(file);
  db.close();
}

/**
 * Writes random bytes over the pages of the tables every ingest touches, after a checkpoint so
 * the worker's next read goes to the file.
 */
function corrupt(home: TestHome): void {
  const file = join(home.dataDir, 'claude-mem.db');
  const db = new Database(file);
  db.pragma('wal_checkpoint(TRUNCATE)');
  const pageSize = Number(db.pragma('page_size', { simple: true }));
  const roots = db
    .prepare("SELECT rootpage FROM sqlite_master WHERE name IN ('ingested', 'events')")
    .pluck()
    .all() as number[];
  db.close();
  const fd = openSync(file, 'r+');
  for (const root of roots)
    writeSync(fd, randomBytes(pageSize), 0, pageSize, (root - 1) * pageSize);
  closeSync(fd);
}

interface Health {
  status: string;
  database: { ok: boolean; code?: string; advice?: string };
}

async function health(home: TestHome): Promise<Health> {
  const token = tokenOf(home);
  return (await workerRequest(home.port, '/health', { timeoutMs: 30_000, token })).body as Health;
}

async function waitForFault(home: TestHome, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await health(home)).database.ok && Date.now() < deadline) await sleep(100);
}

/** How many event files wait in the spool, and how many in quarantine. */
const waitingFiles = (home: TestHome): [spooled: number, quarantined: number] => [
  listSpool(home.dataDir).length,
  countQuarantined(home.dataDir),
];

describe('the database of a running worker is damaged', () => {
  let home: TestHome;
  let backupFile: string;
  let faultHealth: Health;
  let waiting: [spooled: number, quarantined: number];
  let doctor: HookRun;
  let status: HookRun;
  let repair: HookRun;
  let doctorAfter: HookRun;

  before(async () => {
    home = await createTestHome();
    backupFile = join(home.dataDir, '..', 'backup.db');
    await startWorker(home);
    await capture(home, ['toolu_a1', 'toolu_a2', 'toolu_a3']);
    await waitForDrain(home);
    await backup(home, backupFile);
    corrupt(home);
    await capture(home, ['toolu_b1', 'toolu_b2', 'toolu_b3']);
    await waitForFault(home);
    await sleep(1500); // More passes: none may quarantine anything.
    faultHealth = await health(home);
    waiting = waitingFiles(home);
    doctor = await cli(['doctor'], home.env);
    status = await cli(['status'], home.env);
    repair = await cli(['doctor', '--repair', '--from-backup', backupFile], home.env);
    await waitForDrain(home);
    doctorAfter = await cli(['doctor'], home.env);
  });

  after(async () => {
    await stopWorker(home);
    home.cleanup();
  });

  it('keeps the new events in the spool, none in quarantine', () => {
    assert.deepEqual(waiting, [3, 0]);
  });

  it('has /health report the fault and what to do', () => {
    assert.equal(faultHealth.status, 'degraded');
    assert.match(faultHealth.database.code ?? '', /^SQLITE_CORRUPT/);
    assert.match(faultHealth.database.advice ?? '', /doctor --repair --from-backup FILE/);
  });

  it('has doctor check integrity and name the repair', () => {
    assert.equal(doctor.code, 1);
    assert.match(doctor.stdout, /FAIL database +.*doctor --repair --from-backup FILE/);
    assert.match(doctor.stdout, /FAIL ingest +stopped by SQLITE_CORRUPT/);
  });

  it('has status lead with the fault', () => {
    assert.match(status.stdout, /^database: FAULT SQLITE_CORRUPT/);
  });

  it('rebuilds from the backup, keeps the damaged file aside, and ingests what waited', () => {
    assert.equal(repair.code, 0, repair.stderr);
    assert.equal(
      readdirSync(home.dataDir).filter((name) => /^claude-mem\.db\.damaged-[\w-]+$/.test(name))
        .length,
      1,
    );
    assert.deepEqual(storedToolUseIds(home.dataDir, 'tool_use_id'), [
      'toolu_a1',
      'toolu_a2',
      'toolu_a3',
      'toolu_b1',
      'toolu_b2',
      'toolu_b3',
    ]);
    assert.match(doctorAfter.stdout, /OK +database +quick_check ok/);
    assert.match(doctorAfter.stdout, /OK +ingest /);
  });

  it('gives quarantined files another try with retry --quarantine', async () => {
    const name = `${String(Date.now()).padStart(14, '0')}-000001-retry.json`;
    const event = {
      v: 1,
      id: 'evt-quarantined-1',
      at: Date.now(),
      sessionId: 'db-corrupt',
      project: { name: 'repo', root: '/repo' },
      cwd: '/repo',
      kind: 'tool',
      toolName: 'Bash',
      toolUseId: 'toolu_c1',
      agentId: null,
      input: { command: 'echo c1' },
      response: { stdout: 'c1' },
      error: null,
      failed: false,
      durationMs: 1,
    };
    writeFileSync(join(quarantineDir(home.dataDir), name), JSON.stringify(event));
    writeFileSync(
      join(quarantineDir(home.dataDir), `${name}.reason`),
      'database rejected it: SqliteError: database disk image is malformed\n',
    );
    const retry = await cli(['retry', '--quarantine'], home.env);
    await waitForDrain(home);
    assert.match(retry.stdout, /moved 1 quarantined files back to the spool/);
    assert.deepEqual(readdirSync(quarantineDir(home.dataDir)), []);
    assert.ok(storedToolUseIds(home.dataDir, 'tool_use_id').includes('toolu_c1'));
  });
});

/** `worker run` in the foreground: its exit code and stderr. */
function runWorkerForeground(
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI_BUNDLE, 'worker', 'run'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stderr })));
}

async function waitForNoWorker(home: TestHome, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (workerPidsFor(home.dataDir).length > 0 && Date.now() < deadline) await sleep(100);
}

const promptPayload = (text: string): string => promptSubmit('db-notadb', text);

describe('the database file is no longer a database (its header overwritten)', () => {
  let home: TestHome;
  let exportFile: string;
  let foreground: { code: number | null; stderr: string };
  let waiting: [spooled: number, quarantined: number];
  let doctor: HookRun;
  let repair: HookRun;

  before(async () => {
    home = await createTestHome();
    exportFile = join(home.dataDir, '..', 'memory.jsonl');
    await startWorker(home);
    await runHookProcess(
      HOOK_BUNDLE,
      'UserPromptSubmit',
      promptPayload('before the damage'),
      home.env,
    );
    await waitForDrain(home);
    await cli(['export', '-o', exportFile], home.env);
    await stopWorker(home);
    const fd = openSync(join(home.dataDir, 'claude-mem.db'), 'r+');
    writeSync(fd, randomBytes(4096), 0, 4096, 0);
    closeSync(fd);
    await capture(home, ['toolu_n1', 'toolu_n2']);
    await waitForNoWorker(home);
    waiting = waitingFiles(home);
    foreground = await runWorkerForeground(home.env);
    doctor = await cli(['doctor'], home.env);
    repair = await cli(['doctor', '--repair', '--from-export', exportFile], home.env);
    await waitForDrain(home);
  });

  after(async () => {
    await stopWorker(home);
    home.cleanup();
  });

  it('has the worker exit 1 saying what to do, and the hooks keep spooling', () => {
    assert.equal(foreground.code, 1);
    assert.match(
      foreground.stderr,
      /cannot open the database \(SQLITE_NOTADB\).*--from-export FILE/,
    );
    assert.deepEqual(waiting, [2, 0]);
  });

  it('has doctor name the repair', () => {
    assert.match(doctor.stdout, /FAIL database +file is not a database .*doctor --repair/);
  });

  it('rebuilds from the export and ingests what waited', () => {
    assert.equal(repair.code, 0, repair.stderr);
    assert.deepEqual(
      queryDb<{ text: string }>(home.dataDir, 'SELECT text FROM prompts').map((row) => row.text),
      ['before the damage'],
    );
    assert.deepEqual(storedToolUseIds(home.dataDir, 'tool_use_id'), ['toolu_n1', 'toolu_n2']);
    assert.equal(
      readdirSync(home.dataDir).filter((name) => /^claude-mem\.db\.damaged-[\w-]+$/.test(name))
        .length,
      1,
    );
  });
});
