import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runHookProcess } from '../../src/cli/hook-process.ts';
import { pluginFiles, type PluginPackage } from '../../src/cli/install/plugin-files.ts';
import { createTestHome, type TestHome } from '../helpers/env.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const BUNDLES = ['dist/hook.cjs', 'dist/hook-main.cjs', 'dist/cli.mjs'];

const committed = (path: string): string =>
  execFileSync('git', ['show', `HEAD:${path}`], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });

describe('the repository as a Claude Code plugin', () => {
  let clone: string;
  let home: TestHome;
  before(async () => {
    clone = mkdtempSync(join(tmpdir(), 'claude-mem-plugin-'));
    execFileSync('git', ['clone', '-q', ROOT, clone]);
    home = await createTestHome({ CLAUDE_MEM_WORKER_AUTO_START: 'false' });
  });
  after(() => {
    rmSync(clone, { recursive: true, force: true });
    home.cleanup();
  });

  it('has plugin, marketplace, hooks and MCP files equal to what install registers', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PluginPackage;
    const files = pluginFiles(pkg);
    const onDisk = Object.fromEntries(
      Object.keys(files).map((path) => [path, readFileSync(join(clone, path), 'utf8')]),
    );
    assert.deepEqual(onDisk, files);
  });

  it('commits bundles equal to a fresh build of the committed sources', () => {
    const out = mkdtempSync(join(tmpdir(), 'claude-mem-build-'));
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', out], {
      cwd: ROOT,
    });
    const fresh = BUNDLES.map((path) => readFileSync(join(out, path.replace('dist/', '')), 'utf8'));
    rmSync(out, { recursive: true, force: true });
    assert.equal(build.status, 0);
    assert.deepEqual(
      BUNDLES.map(committed),
      fresh,
      'dist/ is stale: run npm run build and commit dist/',
    );
  });

  it('captures from a clean checkout with no node_modules: the hook bundle needs no dependency', async () => {
    const payload = {
      session_id: 'plugin-1',
      cwd: clone,
      hook_event_name: 'PostToolUse',
      tool_name: 'Read',
      tool_input: { file_path: 'a' },
      tool_response: 'x',
      tool_use_id: 'toolu_plugin_1',
    };
    const run = await runHookProcess(
      join(clone, 'dist', 'hook.cjs'),
      'PostToolUse',
      JSON.stringify(payload),
      home.env,
    );
    const spooled = readdirSync(join(home.dataDir, 'spool')).filter((name) =>
      name.endsWith('.json'),
    );
    assert.deepEqual(
      [existsSync(join(clone, 'node_modules')), run.code, run.stdout],
      [false, 0, '{"continue":true,"suppressOutput":true}\n'],
    );
    assert.equal(spooled.length, 1);
  });
});
