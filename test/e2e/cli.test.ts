import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { dirname, join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { runHookProcess } from '../../src/cli/hook-process.ts';
import { cli } from '../helpers/cli.ts';
import {
  ACCEPTED_FLAGS,
  commandSections,
  flagsIn,
  linesBetween,
} from '../helpers/help-sections.ts';
import { queryDb } from '../helpers/db.ts';
import { HOOK_BUNDLE, createTestHome, freePort, type TestHome } from '../helpers/env.ts';
import { workerPidsFor } from '../helpers/proc.ts';
import { stopWorker, waitForDrain } from '../helpers/worker.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const NEUTRAL_LINE = '{"continue":true,"suppressOutput":true}\n';

/**
 * A test home whose workers (its own, and any other data folder inside it, such as the demo's)
 * are stopped and whose folder is removed when the test ends.
 */
async function homeFor(t: TestContext, extraEnv: NodeJS.ProcessEnv = {}): Promise<TestHome> {
  const home = await createTestHome(extraEnv);
  const root = dirname(home.dataDir);
  t.after(async () => {
    for (const name of readdirSync(root)) await stopWorker({ ...home, dataDir: join(root, name) });
    home.cleanup();
  });
  return home;
}

/** The pid of a node process that has already exited. */
function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    child.on('exit', () => resolve(child.pid ?? 0));
  });
}

function writePidFile(home: TestHome, pid: number): void {
  const info = { pid, port: home.port, version: '0.0.0', startedAt: Date.now() - 60_000 };
  writeFileSync(join(home.dataDir, 'worker.pid'), JSON.stringify(info), { mode: 0o600 });
}

const pidIn = (text: string): number => Number(/pid (\d+)/.exec(text)?.[1]);
const settingsText = (home: TestHome): string =>
  readFileSync(join(home.dataDir, 'settings.json'), 'utf8');

describe('the claude-mem command', () => {
  it('--help exits 0 and lists every command', async (t) => {
    const home = await homeFor(t);
    const run = await cli(['--help'], home.env);
    const commands = [
      'demo',
      'hook <event>',
      'worker start|stop|restart|status',
      'worker logs',
      'config list',
      'config get',
      'config set',
    ];
    assert.deepEqual([run.code, run.stderr], [0, '']);
    assert.deepEqual(
      commands.filter((command) => !run.stdout.includes(command)),
      [],
    );
  });

  it('--help shows each command with exactly the options its parser accepts', async (t) => {
    const home = await homeFor(t);
    const run = await cli(['--help'], home.env);
    const sections = commandSections(linesBetween(run.stdout, 'Commands:', ''), '  ');
    const shown = Object.fromEntries(
      [...sections].map(([command, text]) => [command, flagsIn(text)]),
    );
    assert.deepEqual(shown, ACCEPTED_FLAGS);
  });

  it("<command> --help prints that command's options and nothing else runs", async (t) => {
    const home = await homeFor(t);
    const commands = Object.keys(ACCEPTED_FLAGS).filter((command) => command !== 'hook');
    const shown: Record<string, string[]> = {};
    for (const command of commands) {
      const run = await cli([command, '--help'], home.env);
      assert.deepEqual([run.code, run.stderr], [0, ''], command);
      assert.match(run.stdout, new RegExp(`^Usage of claude-mem ${command}:\n\n  ${command} `));
      shown[command] = flagsIn(run.stdout.replace(/Every command: claude-mem --help\n$/, ''));
    }
    assert.deepEqual(
      shown,
      Object.fromEntries(commands.map((command) => [command, ACCEPTED_FLAGS[command]])),
    );
    const short = await cli(['search', 'parser', '-h'], home.env);
    assert.match(short.stdout, /^Usage of claude-mem search:/);
    assert.equal(workerPidsFor(home.dataDir).length, 0, 'help started no worker');
  });

  it("README's command block shows each command with exactly the options its parser accepts", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = linesBetween(
      linesBetween(readme, '## Commands', '## Recall').join('\n'),
      '```',
      '```',
    );
    const sections = commandSections(block, 'claude-mem ');
    const shown = Object.fromEntries(
      [...sections].map(([command, text]) => [command, flagsIn(text)]),
    );
    assert.deepEqual(shown, ACCEPTED_FLAGS);
  });

  it('an unknown option of install exits 2 with a pointer to help, not a stack trace', async (t) => {
    const home = await homeFor(t);
    const run = await cli(['install', '--global'], home.env);
    assert.equal(run.code, 2);
    assert.match(
      run.stderr,
      /^claude-mem: unknown option "--global": this command takes --project, --dry-run, --agent, --runtime\.\nRun "claude-mem --help" for usage\.\n$/,
    );
  });

  it('an unknown command exits 2 with a one-line error, a pointer to help and no stack trace', async (t) => {
    const home = await homeFor(t);
    const run = await cli(['frobnicate'], home.env);
    const listed = /expected one of (.*)\.\n/.exec(run.stderr)?.[1]?.split(', ') ?? [];
    assert.deepEqual([run.code, run.stdout], [2, '']);
    assert.match(
      run.stderr,
      /^claude-mem: unknown command "frobnicate": expected one of [^\n]*\.\nRun "claude-mem --help" for usage\.\n$/,
    );
    assert.deepEqual(listed.sort(), Object.keys(ACCEPTED_FLAGS).sort());
  });

  it('config set worker.port abc exits 2 naming the key and what was expected, and saves nothing', async (t) => {
    const home = await homeFor(t);
    await cli(['config', 'set', 'log.level', 'debug'], home.env);
    const before = settingsText(home);
    const run = await cli(['config', 'set', 'worker.port', 'abc'], home.env);
    assert.deepEqual([run.code, run.stdout], [2, '']);
    assert.match(run.stderr, /worker\.port: expected an integer from 1024 to 65535/);
    assert.doesNotMatch(run.stderr, /\n\s+at /);
    assert.equal(settingsText(home), before);
  });

  it('config set worker.port 40000 is what config get worker.port prints', async (t) => {
    const home = await homeFor(t, { CLAUDE_MEM_WORKER_PORT: undefined });
    const set = await cli(['config', 'set', 'worker.port', '40000'], home.env);
    const get = await cli(['config', 'get', 'worker.port'], home.env);
    assert.equal(set.code, 0);
    assert.deepEqual([get.code, get.stdout, get.stderr], [0, '40000\n', '']);
    assert.deepEqual(JSON.parse(settingsText(home)), { worker: { port: 40000 } });
  });

  it('a corrupt settings.json: config list reports it, prints the defaults and exits 1', async (t) => {
    const home = await homeFor(t);
    mkdirSync(home.dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(home.dataDir, 'settings.json'), '{not json');
    const run = await cli(['config', 'list'], home.env);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /^! settings\.json: not valid JSON.*default used$/m);
    assert.match(run.stdout, /^log\.level = "info"$/m);
    assert.match(run.stdout, /^capture\.enabled = true$/m);
    assert.equal(settingsText(home), '{not json');
  });

  it('a corrupt settings.json: hooks still exit 0 with the neutral answer and capture', async (t) => {
    const home = await homeFor(t);
    mkdirSync(home.dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(home.dataDir, 'settings.json'), '{not json');
    const cwd = dirname(home.dataDir);
    const payload = {
      session_id: 'cli-corrupt',
      cwd,
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_input: {},
      tool_use_id: 'toolu_cli_corrupt',
    };
    const run = await runHookProcess(
      HOOK_BUNDLE,
      'PostToolUse',
      JSON.stringify(payload),
      home.env,
      cwd,
    );
    await waitForDrain(home);
    assert.deepEqual([run.code, run.stdout, run.stderr], [0, NEUTRAL_LINE, '']);
    assert.deepEqual(queryDb(home.dataDir, 'SELECT tool_use_id FROM events'), [
      { tool_use_id: 'toolu_cli_corrupt' },
    ]);
  });

  it('worker start, status and stop manage one worker process', async (t) => {
    const home = await homeFor(t);
    const statusBefore = await cli(['worker', 'status'], home.env);
    const start = await cli(['worker', 'start'], home.env);
    const pid = pidIn(start.stdout);
    const status = await cli(['worker', 'status', '--json'], home.env);
    const startAgain = await cli(['worker', 'start'], home.env);
    const runningPids = workerPidsFor(home.dataDir);
    const stop = await cli(['worker', 'stop'], home.env);
    const statusAfter = await cli(['worker', 'status'], home.env);
    assert.deepEqual([statusBefore.code, statusBefore.stdout], [1, 'worker not running\n']);
    assert.equal(start.code, 0);
    assert.match(
      start.stdout,
      new RegExp(
        `^worker running: pid ${pid}; viewer \\(one-time link\\): http://127\\.0\\.0\\.1:${home.port}/\\?token=[\\w-]{20,}\\n$`,
      ),
    );
    assert.equal(status.code, 0);
    assert.deepEqual(
      [
        (JSON.parse(status.stdout) as { status: string }).status,
        (JSON.parse(status.stdout) as { pid: number }).pid,
      ],
      ['ok', pid],
    );
    assert.deepEqual([startAgain.code, pidIn(startAgain.stdout)], [0, pid]);
    assert.deepEqual(runningPids, [pid]);
    assert.deepEqual([stop.code, stop.stdout], [0, `worker stopped (pid ${pid})\n`]);
    assert.deepEqual(workerPidsFor(home.dataDir), []);
    assert.deepEqual([statusAfter.code, statusAfter.stdout], [1, 'worker not running\n']);
  });

  it('open prints a one-time viewer link, good once, a new one each time', async (t) => {
    const home = await homeFor(t);
    const first = await cli(['open'], home.env);
    const second = await cli(['open'], home.env);
    const links = [first.stdout.trim(), second.stdout.trim()];
    assert.deepEqual([first.code, first.stderr, second.code], [0, '', 0]);
    for (const link of links) {
      assert.match(link, new RegExp(`^http://127\\.0\\.0\\.1:${home.port}/\\?token=[\\w-]{20,}$`));
    }
    assert.notEqual(links[0], links[1]);
    const visit = (url: string) =>
      new Promise<number>((resolve, reject) =>
        get(url, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        }).on('error', reject),
      );
    assert.deepEqual(
      [await visit(links[0] ?? ''), await visit(links[0] ?? ''), await visit(links[1] ?? '')],
      [302, 401, 302],
    );
  });

  it('worker start replaces a stale PID file naming a dead process', async (t) => {
    const home = await homeFor(t);
    mkdirSync(home.dataDir, { recursive: true, mode: 0o700 });
    const dead = await deadPid();
    writePidFile(home, dead);
    const start = await cli(['worker', 'start'], home.env);
    const pid = pidIn(start.stdout);
    const pidFile = JSON.parse(readFileSync(join(home.dataDir, 'worker.pid'), 'utf8')) as {
      pid: number;
    };
    assert.equal(start.code, 0);
    assert.notEqual(pid, dead);
    assert.deepEqual(workerPidsFor(home.dataDir), [pid]);
    assert.equal(pidFile.pid, pid);
  });

  it('a PID file naming a live process that is not a worker is stale too, and that process is left alone', async (t) => {
    const home = await homeFor(t);
    const stranger = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {
      stdio: 'ignore',
    });
    t.after(() => stranger.kill('SIGKILL'));
    mkdirSync(home.dataDir, { recursive: true, mode: 0o700 });
    writePidFile(home, stranger.pid ?? 0);
    const status = await cli(['worker', 'status'], home.env);
    const start = await cli(['worker', 'start'], home.env);
    const stop = await cli(['worker', 'stop'], home.env);
    assert.deepEqual([status.code, status.stdout], [1, 'worker not running\n']);
    assert.equal(start.code, 0);
    assert.notEqual(pidIn(start.stdout), stranger.pid);
    assert.equal(pidIn(stop.stdout), pidIn(start.stdout));
    assert.equal(stranger.exitCode, null);
    assert.equal(stranger.signalCode, null);
  });

  it('a PID file naming a live `npm run worker`-like process is stale, and stop leaves that process alone', async (t) => {
    const home = await homeFor(t);
    const stranger = spawn(
      process.execPath,
      ['-e', 'setTimeout(() => {}, 60000)', 'npm', 'run', 'worker'],
      { stdio: 'ignore' },
    );
    t.after(() => stranger.kill('SIGKILL'));
    mkdirSync(home.dataDir, { recursive: true, mode: 0o700 });
    writePidFile(home, stranger.pid ?? 0);
    const stopStale = await cli(['worker', 'stop'], home.env);
    const start = await cli(['worker', 'start'], home.env);
    assert.deepEqual([stopStale.code, stopStale.stdout], [0, 'worker not running\n']);
    assert.deepEqual([start.code, workerPidsFor(home.dataDir)], [0, [pidIn(start.stdout)]]);
    assert.deepEqual([stranger.exitCode, stranger.signalCode], [null, null]);
  });

  it('worker logs -n 5 prints the last five log lines', async (t) => {
    const home = await homeFor(t);
    for (let i = 0; i < 8; i += 1) await runHookProcess(HOOK_BUNDLE, 'PostToolUse', '', home.env);
    const run = await cli(['worker', 'logs', '-n', '5'], home.env);
    const lines = readFileSync(join(home.dataDir, 'claude-mem.log'), 'utf8').trimEnd().split('\n');
    assert.equal(lines.length, 8);
    assert.deepEqual(
      [run.code, run.stdout, run.stderr],
      [0, `${lines.slice(-5).join('\n')}\n`, ''],
    );
  });

  it('worker logs -n abc exits 2', async (t) => {
    const home = await homeFor(t);
    const run = await cli(['worker', 'logs', '-n', 'abc'], home.env);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /-n takes a positive whole number/);
  });

  it('demo captures the sample session, prints the counts, and shows no token', async (t) => {
    const home = await homeFor(t);
    const demoDir = join(dirname(home.dataDir), 'demo');
    const port = await freePort();
    const run = await cli(['demo', '--data-dir', demoDir, '--port', String(port)], home.env);
    const responses = queryDb<{ r: string }>(demoDir, 'SELECT tool_response AS r FROM events').map(
      (row) => row.r,
    );
    assert.deepEqual([run.code, run.stderr], [0, '']);
    assert.match(run.stdout, /Captured 2 prompts and 6 tool events/);
    assert.doesNotMatch(run.stdout, /ghp_|hunter2/);
    assert.equal(responses.filter((text) => text?.includes('[REDACTED:github-token]')).length, 1);
    assert.deepEqual(workerPidsFor(demoDir).length, 1);
  });
});
