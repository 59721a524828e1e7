import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import { HOOK_BUNDLE, createTestHome, type TestHome } from '../helpers/env.ts';
import { stopWorker, waitForDrain } from '../helpers/worker.ts';

const HOOK_BIN = join(import.meta.dirname, '..', '..', 'bin', 'claude-mem-hook.cjs');

type Settings = { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> };

/** A test home with an empty git repository in it, where `install --project` writes (and starts the worker). */
async function repoHome(t: TestContext): Promise<TestHome & { repo: string }> {
  const home = await createTestHome();
  t.after(async () => {
    await stopWorker(home);
    home.cleanup();
  });
  const repo = join(home.env.HOME ?? '', 'repo');
  mkdirSync(join(repo, '.git'), { recursive: true });
  return { ...home, repo };
}

const commandsOf = (file: string): string[] =>
  Object.values((JSON.parse(readFileSync(file, 'utf8')) as Settings).hooks)
    .flat()
    .flatMap((group) => group.hooks.map((hook) => hook.command));

describe('claude-mem install --project', () => {
  it('writes commands from PATH, no path of this machine, and says what teammates need', async (t) => {
    const home = await repoHome(t);
    const emptyBin = join(home.env.HOME ?? '', 'bin');
    mkdirSync(emptyBin);
    const run = await cli(['install', '--project'], { ...home.env, PATH: emptyBin }, home.repo);
    const settings = readFileSync(join(home.repo, '.claude', 'settings.json'), 'utf8');
    const mcp = readFileSync(join(home.repo, '.mcp.json'), 'utf8');
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(commandsOf(join(home.repo, '.claude', 'settings.json')).sort(), [
      'claude-mem-hook PostToolUse',
      'claude-mem-hook PostToolUseFailure',
      'claude-mem-hook PreCompact',
      'claude-mem-hook PreToolUse',
      'claude-mem-hook SessionEnd',
      'claude-mem-hook SessionStart',
      'claude-mem-hook Stop',
      'claude-mem-hook SubagentStop',
      'claude-mem-hook UserPromptSubmit',
    ]);
    assert.deepEqual(JSON.parse(mcp), {
      mcpServers: {
        'claude-mem': { type: 'stdio', command: 'claude-mem', args: ['mcp'], env: {} },
      },
    });
    assert.equal(`${settings}${mcp}`.includes(home.env.HOME ?? '/'), false);
    assert.match(
      run.stdout,
      /Each teammate needs those commands once \(claude-mem is not on the npm registry\): in a clone of claude-mem, run "npm install && npm link"; or the claude-mem plugin\./,
    );
    assert.match(run.stdout, /Not on your PATH yet: claude-mem-hook, claude-mem/);
  });

  it('replaces an older machine-specific line, and uninstall removes what it wrote', async (t) => {
    const home = await repoHome(t);
    const settingsFile = join(home.repo, '.claude', 'settings.json');
    mkdirSync(join(home.repo, '.claude'));
    const old = { type: 'command', command: `node "${HOOK_BUNDLE}" Stop` };
    writeFileSync(settingsFile, JSON.stringify({ hooks: { Stop: [{ hooks: [old] }] } }));
    await cli(['install', '--project'], home.env, home.repo);
    const installed = commandsOf(settingsFile).filter((command) => command.endsWith('Stop'));
    await cli(['uninstall', '--project'], home.env, home.repo);
    assert.deepEqual(installed.sort(), ['claude-mem-hook Stop', 'claude-mem-hook SubagentStop']);
    assert.equal(readFileSync(settingsFile, 'utf8').includes('claude-mem'), false);
    assert.equal(existsSync(join(home.repo, '.mcp.json')), false);
  });

  it('the committed hook line captures an event when claude-mem-hook is on PATH', async (t) => {
    const home = await repoHome(t);
    const bin = join(home.env.HOME ?? '', 'bin');
    mkdirSync(bin);
    symlinkSync(HOOK_BIN, join(bin, 'claude-mem-hook'));
    await cli(['install', '--project'], home.env, home.repo);
    const [line] = commandsOf(join(home.repo, '.claude', 'settings.json')).filter((command) =>
      command.endsWith('UserPromptSubmit'),
    );
    const payload = { session_id: 's1', cwd: home.repo, prompt: 'hello from a teammate' };
    const run = spawnSync('/bin/sh', ['-c', line ?? 'false'], {
      env: { ...home.env, PATH: `${bin}${delimiter}${dirname(process.execPath)}` },
      cwd: home.repo,
      input: JSON.stringify({ ...payload, hook_event_name: 'UserPromptSubmit' }),
    });
    assert.equal(run.status, 0, run.stderr.toString());
    await waitForDrain(home);
    assert.deepEqual(queryDb(home.dataDir, 'SELECT text FROM prompts'), [{ text: payload.prompt }]);
  });

  it('doctor says when the committed hooks cannot run here, and passes once they can', async (t) => {
    const home = await repoHome(t);
    const bin = join(home.env.HOME ?? '', 'bin');
    mkdirSync(bin);
    // PATH is only this folder: what the machine has installed must not matter.
    const env = { ...home.env, PATH: bin };
    await cli(['install', '--project'], env, home.repo);
    const without = await cli(['doctor'], env, home.repo);
    symlinkSync(HOOK_BIN, join(bin, 'claude-mem-hook'));
    const after = await cli(['doctor'], env, home.repo);
    assert.match(
      without.stdout,
      /FAIL hooks +this repository's hooks run "claude-mem-hook", which is not on your PATH: in a clone of claude-mem, run "npm install && npm link"\n/,
    );
    assert.match(after.stdout, /OK {3}hooks +registered once for each of 9 events/);
  });
});
