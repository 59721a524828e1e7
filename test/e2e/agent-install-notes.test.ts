import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { cli } from '../helpers/cli.ts';
import { createTestHome, type TestHome } from '../helpers/env.ts';
import { stopWorker } from '../helpers/worker.ts';

/** A home whose PATH is an empty folder: no agent is installed on this machine. */
async function bareHome(t: TestContext): Promise<TestHome & { root: string }> {
  const home = await createTestHome();
  const root = home.env.HOME ?? '';
  const empty = join(root, 'empty-bin');
  mkdirSync(empty, { recursive: true });
  t.after(async () => {
    await stopWorker(home);
    home.cleanup();
  });
  return { ...home, env: { ...home.env, PATH: empty }, root };
}

describe('install says what it finds and what it does not', () => {
  it('install --agent all with no agent on PATH says nothing was installed, and writes nothing', async (t) => {
    const home = await bareHome(t);
    const run = await cli(['install', '--agent', 'all'], home.env, home.root);
    assert.equal(run.code, 1, run.stdout);
    assert.match(
      run.stderr,
      /found none of claude, codex, gemini, copilot on your PATH: nothing was installed/,
    );
    assert.deepEqual(
      ['.claude', '.claude.json', '.codex', '.gemini', '.copilot'].filter((place) =>
        existsSync(join(home.root, place)),
      ),
      [],
    );
  });

  it('install --agent all names the agents it left out; uninstall removes a backup whose file is gone', async (t) => {
    const home = await bareHome(t);
    writeFileSync(join(home.env.PATH ?? '', 'gemini'), '#!/bin/sh\n', { mode: 0o755 });
    const settings = join(home.root, '.gemini', 'settings.json');
    mkdirSync(join(home.root, '.gemini'));
    writeFileSync(settings, '{ "theme": "GitHub" }\n');
    const install = await cli(['install', '--agent', 'all'], home.env, home.root);
    assert.equal(install.code, 0, install.stderr);
    assert.match(install.stdout, /not on your PATH, so not installed: claude, codex, copilot/);
    assert.match(install.stdout, /gemini: updated .*settings\.json \(backup: /);
    rmSync(settings);
    const uninstall = await cli(['uninstall', '--agent', 'gemini'], home.env, home.root);
    assert.equal(uninstall.code, 0, uninstall.stderr);
    assert.equal(existsSync(`${settings}.claude-mem.bak`), false);
  });

  it('install --agent codex without codex on PATH installs with a note saying so', async (t) => {
    const home = await bareHome(t);
    const run = await cli(['install', '--agent', 'codex'], home.env, home.root);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /codex: note: "codex" is not on your PATH; installed anyway/);
    assert.equal(existsSync(join(home.root, '.codex', 'hooks.json')), true);
  });

  it('doctor after a Gemini-only install (settings with comments) passes: Claude Code is "not installed", not a failure', async (t) => {
    const home = await bareHome(t);
    // Gemini's settings with comments: doctor reads them as Gemini does.
    mkdirSync(join(home.root, '.gemini'));
    writeFileSync(join(home.root, '.gemini', 'settings.json'), '// mine\n{ "theme": "GitHub", }\n');
    await cli(['install', '--agent', 'gemini'], home.env, home.root);
    const doctor = await cli(['doctor'], home.env, home.root);
    assert.equal(doctor.code, 0, doctor.stdout);
    assert.match(
      doctor.stdout,
      /OK {3}claude code +not installed \(claude-mem is installed for gemini/,
    );
    assert.match(doctor.stdout, /OK {3}gemini +hooks \(6\) and MCP server registered/);
    assert.match(doctor.stdout, /OK {3}codex +not installed/);
    assert.doesNotMatch(doctor.stdout, /FAIL (hooks|mcp)/);
  });
});
