// `claude-mem hook <event>` (bin/claude-mem.mjs) hands the hook straight to dist/hook.cjs: the
// same answer and the same spooled event as the installed hook command, without loading the
// 400 KB CLI bundle (issue 12, defect 13). A copy of the package whose dist/cli.mjs only records
// that it was loaded tells the two apart.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runHookProcess, type HookRun } from '../../src/cli/hook-process.ts';
import { listSpool } from '../../src/spool/index.ts';
import { HOOK_BUNDLE, HOOK_MAIN, createTestHome, type TestHome } from '../helpers/env.ts';
import { bashCall, postToolUse } from '../helpers/hook-payloads.ts';
import { runProcess } from '../helpers/run-process.ts';

const REPO = join(import.meta.dirname, '..', '..');
const NEUTRAL = '{"continue":true,"suppressOutput":true}\n';
const MARKER_CLI = `import { appendFileSync } from 'node:fs';
appendFileSync(process.env.CLI_LOADED_MARKER, process.argv.slice(2).join(' ') + '\\n');
`;

const payload = (id: string): string => postToolUse('fast-path', id, bashCall('echo hi', 'hi'));

/** `node <bin> hook <event>` with `stdin`. */
const runBinHook = (bin: string, event: string, stdin: string, env: NodeJS.ProcessEnv) =>
  runProcess(process.execPath, [bin, 'hook', event], { env, stdin });

describe('claude-mem hook goes straight to the hook bundle', () => {
  let home: TestHome;
  let marker: string;
  let viaBin: HookRun;
  let viaBundle: HookRun;

  before(async () => {
    home = await createTestHome({ CLAUDE_MEM_WORKER_AUTO_START: 'false' });
    const pkg = join(home.dataDir, '..', 'pkg');
    mkdirSync(join(pkg, 'bin'), { recursive: true });
    mkdirSync(join(pkg, 'dist'), { recursive: true });
    copyFileSync(join(REPO, 'bin', 'claude-mem.mjs'), join(pkg, 'bin', 'claude-mem.mjs'));
    copyFileSync(HOOK_BUNDLE, join(pkg, 'dist', 'hook.cjs'));
    copyFileSync(HOOK_MAIN, join(pkg, 'dist', 'hook-main.cjs'));
    writeFileSync(join(pkg, 'dist', 'cli.mjs'), MARKER_CLI);
    marker = join(pkg, 'cli-loaded');
    const env = { ...home.env, CLI_LOADED_MARKER: marker };
    viaBin = await runBinHook(join(pkg, 'bin', 'claude-mem.mjs'), 'PostToolUse', payload('a'), env);
    viaBundle = await runHookProcess(
      join(pkg, 'dist', 'hook.cjs'),
      'PostToolUse',
      payload('b'),
      env,
    );
  });

  after(() => home.cleanup());

  it('answers exactly as node dist/hook.cjs does', () => {
    assert.equal(viaBin.stdout, NEUTRAL);
    assert.deepEqual(viaBin, viaBundle);
  });

  it('spools the event like the hook bundle', () => {
    assert.equal(listSpool(home.dataDir).length, 2);
  });

  it('never loads the CLI bundle for the hook itself', () => {
    const loads = existsSync(marker) ? readFileSync(marker, 'utf8').split('\n') : [];
    assert.deepEqual(
      loads.filter((line) => line.startsWith('hook')),
      [],
    );
  });
});
