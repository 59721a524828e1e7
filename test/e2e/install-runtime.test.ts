import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import { HOOK_BUNDLE, TEST_PATH, createTestHome, type TestHome } from '../helpers/env.ts';
import { stopWorker } from '../helpers/worker.ts';

const USER_SETTINGS = `{
  "model": "opus",
  "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "echo mine" }] }] }
}
`;

type Entry = { command: string; async?: boolean };
type Settings = { hooks: Record<string, Array<{ hooks: Entry[] }>> };

/**
 * A home whose PATH holds a `bun` (a stand-in that runs node: the real one is not part of the
 * test machine; the command line is what install writes and doctor reads) and a user's settings.
 */
async function homeWithBun(t: TestContext): Promise<TestHome & { bun: string; settings: string }> {
  const base = await createTestHome();
  t.after(async () => {
    await stopWorker(base);
    base.cleanup();
  });
  const bin = join(dirname(base.dataDir), 'bun-bin');
  const bun = join(bin, 'bun');
  mkdirSync(bin, { recursive: true });
  writeFileSync(bun, '#!/bin/sh\nexec node "$@"\n');
  chmodSync(bun, 0o755);
  const settings = join(base.env.HOME ?? '', '.claude', 'settings.json');
  mkdirSync(dirname(settings), { recursive: true });
  writeFileSync(settings, USER_SETTINGS);
  return { ...base, env: { ...base.env, PATH: `${bin}:${TEST_PATH}` }, bun, settings };
}

function ourEntries(file: string): Array<Entry & { event: string }> {
  const { hooks } = JSON.parse(readFileSync(file, 'utf8')) as Settings;
  return Object.entries(hooks).flatMap(([event, groups]) =>
    groups
      .flatMap((group) => group.hooks)
      .filter((entry) => entry.command.includes(HOOK_BUNDLE))
      .map((entry) => ({ event, ...entry })),
  );
}

async function storedTool(home: TestHome, toolUseId: string): Promise<number> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const rows = queryDb(home.dataDir, 'SELECT id FROM events WHERE tool_use_id = ?', toolUseId);
    if (rows.length > 0) return rows.length;
    await new Promise((done) => setTimeout(done, 100));
  }
  return 0;
}

describe('install --runtime bun', () => {
  it('writes hook commands that run the bundle under bun, doctor names it, uninstall restores exactly', async (t) => {
    const home = await homeWithBun(t);
    const install = await cli(['install', '--runtime', 'bun'], home.env);
    assert.equal(install.code, 0, install.stderr);
    const entries = ourEntries(home.settings);

    assert.equal(entries.length, 9);
    for (const entry of entries) {
      assert.equal(entry.command, `"${home.bun}" "${HOOK_BUNDLE}" ${entry.event}`);
    }
    assert.match(install.stdout, /hooks run under bun/);

    const post = entries.find((entry) => entry.event === 'PostToolUse');
    const payload = {
      session_id: 'bun-1',
      cwd: dirname(home.dataDir),
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_response: { stdout: 'a' },
      tool_use_id: 'toolu_bun_1',
    };
    const hook = spawnSync('sh', ['-c', post?.command ?? 'false'], {
      input: JSON.stringify(payload),
      env: home.env,
      encoding: 'utf8',
    });
    assert.equal(hook.status, 0, hook.stderr);
    assert.equal(await storedTool(home, 'toolu_bun_1'), 1);

    const doctor = await cli(['doctor'], home.env);
    assert.match(doctor.stdout, new RegExp(`hooks.*run under bun .* at ${home.bun}`));

    const uninstall = await cli(['uninstall'], home.env);
    assert.equal(uninstall.code, 0, uninstall.stderr);
    assert.equal(readFileSync(home.settings, 'utf8'), USER_SETTINGS);
  });

  it('keeps node by default; auto takes Bun when it is on PATH, node when there is none', async (t) => {
    const home = await homeWithBun(t);
    const runtimes = async (env: NodeJS.ProcessEnv, args: string[]) => {
      const run = await cli(['install', ...args], env);
      assert.equal(run.code, 0, run.stderr);
      const commands = ourEntries(home.settings).map((e) => e.command.split(' ')[0]);
      assert.equal((await cli(['uninstall'], env)).code, 0);
      return [...new Set(commands)];
    };

    assert.deepEqual(await runtimes(home.env, []), ['node']);
    assert.deepEqual(await runtimes(home.env, ['--runtime', 'auto']), [`"${home.bun}"`]);
    assert.deepEqual(await runtimes({ ...home.env, PATH: TEST_PATH }, ['--runtime', 'auto']), [
      'node',
    ]);
  });

  it('refuses --runtime bun with no bun on PATH, naming the option', async (t) => {
    const home = await homeWithBun(t);
    const run = await cli(['install', '--runtime', 'bun'], { ...home.env, PATH: TEST_PATH });

    assert.equal(run.code, 2);
    assert.match(run.stderr, /--runtime bun: no "bun" on PATH/);
    assert.equal(readFileSync(home.settings, 'utf8'), USER_SETTINGS);
  });
});
