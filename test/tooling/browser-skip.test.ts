import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';

// A bare clone without Chromium: the browser suites are skipped, with the package to install
// named once; under CI (which installs Chromium) its absence fails them instead.
const ROOT = join(import.meta.dirname, '..', '..');
const RUNNER = join(ROOT, 'scripts', 'run-tests.mjs');
const SUITES = ['test/e2e/viewer-auth.test.ts', 'test/e2e/viewer-status.test.ts'];

function runWithoutChromium(ci: string): Promise<{ code: number | null; stdout: string }> {
  const env = { ...process.env, CLAUDE_MEM_CHROMIUM: join(ROOT, 'no-such-chromium'), CI: ci };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER, ...SUITES], { cwd: ROOT, env });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

describe('the browser suites on a machine without Chromium', () => {
  it('are skipped, and the summary names apt-get install chromium on one line', async () => {
    const run = await runWithoutChromium('');
    const summary = run.stdout.slice(run.stdout.indexOf('========== test summary'));
    assert.equal(run.code, 0, run.stdout);
    assert.match(summary, /tests: 0 passed, 0 failed, 2 skipped/);
    assert.deepEqual(
      summary.split('\n').filter((line) => line.includes('chromium')),
      [
        `  no Chromium at ${join(ROOT, 'no-such-chromium')}: the browser tests need it (apt-get install chromium, or set CLAUDE_MEM_CHROMIUM to one) (skipped in 2 files: viewer-auth, viewer-status)`,
      ],
    );
  });

  it('fail under CI=true, naming the missing browser', async () => {
    const run = await runWithoutChromium('true');
    assert.equal(run.code, 1, run.stdout);
    assert.match(run.stdout, /files: 2 run, 0 passed, 2 failed/);
    assert.match(run.stdout, /no Chromium at .*no-such-chromium/);
  });
});
