// dist/hook.cjs loads the hook bundle with V8's code cache, kept in the data folder's state/:
// written by the first run, taken as it is by the next, rewritten when V8 refuses it, and the
// caches of other builds removed. Whatever is wrong with it, the hook answers as always.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { checkHooks } from '../../src/cli/doctor/integration-checks.ts';
import { runHookProcess, type HookRun } from '../../src/cli/hook-process.ts';
import { HOOK_BUNDLE, createTestHome, type TestHome } from '../helpers/env.ts';
import { storedToolUseIds } from '../helpers/stored-events.ts';
import { postToolUse, readCall } from '../helpers/hook-payloads.ts';
import { startWorker, stopWorker, waitForDrain } from '../helpers/worker.ts';

const NEUTRAL = '{"continue":true,"suppressOutput":true}\n';

const payload = (id: string): string =>
  postToolUse('code-cache', id, readCall('/repo/src/a.ts', 'export {}'));

const caches = (home: TestHome): string[] =>
  readdirSync(join(home.dataDir, 'state')).filter((name) => name.endsWith('.code-cache'));

describe('the hook loader and its code cache', () => {
  let home: TestHome;
  const runs: HookRun[] = [];
  const hook = async (id: string): Promise<void> => {
    runs.push(await runHookProcess(HOOK_BUNDLE, 'PostToolUse', payload(id), home.env));
  };
  let first: string[];
  let written: { mtimeMs: number; ino: number; mode: number };

  before(async () => {
    home = await createTestHome({ CLAUDE_MEM_WORKER_AUTO_START: 'false' });
    await hook('toolu_cache_1');
    first = caches(home);
    const stat = statSync(join(home.dataDir, 'state', first[0] ?? 'none'));
    written = { mtimeMs: stat.mtimeMs, ino: stat.ino, mode: stat.mode & 0o777 };
  });

  after(async () => {
    await stopWorker(home);
    home.cleanup();
  });

  it('writes one cache for this build and Node on the first run, private to the user', () => {
    assert.equal(first.length, 1);
    assert.match(first[0] ?? '', /^hook-[0-9a-f]{16}-v\d+\.\d+\.\d+-\w+\.code-cache$/);
    assert.ok((first[0] ?? '').includes(`-${process.version}-${process.arch}.`));
    assert.equal(written.mode, 0o600);
  });

  it('takes the cache as it is on the next run (not written again)', async () => {
    await hook('toolu_cache_2');
    const stat = statSync(join(home.dataDir, 'state', first[0] ?? 'none'));
    assert.deepEqual([stat.mtimeMs, stat.ino], [written.mtimeMs, written.ino]);
  });

  it('runs from a corrupt cache, writes a good one, and removes the caches of other builds', async () => {
    const file = join(home.dataDir, 'state', first[0] ?? 'none');
    const other = join(
      home.dataDir,
      'state',
      `hook-0000000000000000-${process.version}-x.code-cache`,
    );
    writeFileSync(file, 'not a code cache');
    writeFileSync(other, 'an older build');
    await hook('toolu_cache_3');
    assert.deepEqual(caches(home), first);
    assert.notEqual(readFileSync(file, 'utf8'), 'not a code cache');
    assert.ok(statSync(file).size > 10_000);
  });

  it('answers every run with the neutral line, nothing on stderr, and stores every event', async () => {
    assert.deepEqual(
      runs.map((run) => [run.code, run.stdout, run.stderr]),
      runs.map(() => [0, NEUTRAL, '']),
    );
    await startWorker(home);
    await waitForDrain(home);
    assert.deepEqual(storedToolUseIds(home.dataDir, 'tool_use_id'), [
      'toolu_cache_1',
      'toolu_cache_2',
      'toolu_cache_3',
    ]);
  });

  it('answers the neutral line when the bundle beside the loader is missing, and doctor names it', async () => {
    const dist = join(home.dataDir, '..', 'loader-alone', 'dist');
    mkdirSync(dist, { recursive: true });
    copyFileSync(HOOK_BUNDLE, join(dist, 'hook.cjs'));
    const claude = await runHookProcess(
      join(dist, 'hook.cjs'),
      'PostToolUse',
      payload('x'),
      home.env,
    );
    const codex = spawnSync(
      process.execPath,
      [join(dist, 'hook.cjs'), 'PostToolUse', '--agent', 'codex'],
      {
        input: payload('y'),
        env: home.env,
        encoding: 'utf8',
      },
    );
    assert.deepEqual(
      [claude.code, claude.stdout, claude.stderr, codex.status, codex.stdout, codex.stderr],
      [0, NEUTRAL, '', 0, '{}\n', ''],
    );
    const check = checkHooks(join(dist, 'cli.mjs'));
    assert.equal(check.ok, false);
    assert.match(check.detail, /loader-alone\/dist\/hook-main\.cjs is missing/);
  });
});
