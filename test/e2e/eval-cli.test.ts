import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { cli } from '../helpers/cli.ts';
import { createTestHome } from '../helpers/env.ts';
import { workerPidsFor } from '../helpers/proc.ts';

/** The three hand-written sessions of fixtures/eval (see its SOURCE.md). */
const FIXTURE = join(import.meta.dirname, '..', '..', 'fixtures', 'eval');

describe('claude-mem eval, the built command', async () => {
  const home = await createTestHome();
  after(() => home.cleanup());
  const tmp = join(home.dataDir, '..', 'tmp');
  mkdirSync(tmp);
  const env = { ...home.env, TMPDIR: tmp };

  it('--compare recall.promptTime=false prints the per-moment table in two columns', async () => {
    const run = await cli(['eval', '--dir', FIXTURE, '--compare', 'recall.promptTime=false'], env);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.split('\n');
    assert.match(lines[0] ?? '', /^eval: 3 sessions from /);
    assert.match(lines[2] ?? '', /as configured\s+recall\.promptTime=false$/);
    for (const label of ['turns that needed memory', 'reached before the call', 'prompt time']) {
      assert.ok(
        lines.some((line) => line.trimStart().startsWith(label)),
        label,
      );
    }
  });

  it('starts no worker, makes no data folder and leaves no throwaway store behind', () => {
    assert.deepEqual(workerPidsFor(home.dataDir), []);
    assert.equal(existsSync(home.dataDir), false);
    assert.deepEqual(readdirSync(join(tmp, 'claude-mem-eval')), []);
  });
});
