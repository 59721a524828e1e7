import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runProcess, type ProcessRun } from '../helpers/run-process.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const RUNNER = join(ROOT, 'scripts', 'run-tests.mjs');
const PLANTED = ['pass', 'fail', 'hang'].map((name) => `fixtures/runner/${name}.test.mjs`);

const runner = (args: string[]): Promise<ProcessRun> =>
  runProcess(process.execPath, [RUNNER, ...args], { cwd: ROOT, timeoutMs: 600_000 });

/** A tree with an empty copy of every test file of the repository's src/ and test/. */
function copyOfTestFiles(): string {
  const root = mkdtempSync(join(tmpdir(), 'claude-mem-check-list-'));
  for (const top of ['src', 'test']) {
    const files = readdirSync(join(ROOT, top), { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((f) => f.endsWith('.test.ts') && !f.includes('node_modules'))) {
      const target = join(root, top, file);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, '');
    }
  }
  return root;
}

describe('scripts/run-tests.mjs over planted passing, failing and hanging files', () => {
  let run: ProcessRun;
  const summary = () => run.stdout.slice(run.stdout.indexOf('========== test summary'));

  it('exits 1 and counts files and tests', async () => {
    run = await runner(['--file-timeout', '8000', ...PLANTED]);
    assert.equal(run.code, 1, run.stderr);
    assert.match(summary(), /files: 3 run, 1 passed, 1 failed, 1 timed out/);
    assert.match(summary(), /tests: 3 passed, 2 failed, 2 skipped, 0 todo/);
    assert.match(summary(), /\nFAIL\n/);
  });

  it('names the failing test with its suite and the assertion', () => {
    assert.match(
      summary(),
      /fixtures\/runner\/fail\.test\.mjs > planted failing suite > compares the planted numbers\n\s+planted failure: 4 is not 5/,
    );
    const failing = summary().slice(0, summary().indexOf('\nskipped:'));
    assert.doesNotMatch(failing, /passes before the failure|planted passing suite/);
  });

  it('kills the hanging file at its limit and says so', () => {
    assert.match(
      summary(),
      /fixtures\/runner\/hang\.test\.mjs: TIMED OUT after [\d.]+ s \(limit 8\.0 s\)/,
    );
  });

  it('names every skipped test and suite, with the reason given', () => {
    assert.match(
      summary(),
      /skipped:\n {2}fixtures\/runner\/pass\.test\.mjs > planted passing suite > is skipped\n {2}fixtures\/runner\/pass\.test\.mjs > planted skipped suite\n {6}the planted tool could not be installed\n/,
    );
  });

  it('prints a passing file as one line and a failing one in full', () => {
    assert.match(run.stdout, /^ok {3}fixtures\/runner\/pass\.test\.mjs \(2 passed, 2 skipped, /m);
    assert.match(run.stdout, /----- fixtures\/runner\/fail\.test\.mjs: failed -----/);
    assert.match(run.stdout, /AssertionError/);
  });
});

describe('run-tests.mjs --check-list', () => {
  const roots: string[] = [];
  after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  it('passes on the repository itself', async () => {
    const run = await runner(['--check-list']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /check-list: all \d+ test files run/);
  });

  it('fails naming every planted unlisted test file', async () => {
    const root = copyOfTestFiles();
    roots.push(root);
    assert.equal((await runner(['--check-list', '--root', root])).code, 0);
    for (const file of ['src/store/planted-unlisted.test.ts', 'test/e2e/deep/planted.test.ts']) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), '');
    }
    const run = await runner(['--check-list', '--root', root]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /test files that would not run/);
    assert.match(run.stderr, /^ {2}src\/store\/planted-unlisted\.test\.ts$/m);
    assert.match(run.stderr, /^ {2}test\/e2e\/deep\/planted\.test\.ts$/m);
  });

  it('fails naming a listed file that is gone', async () => {
    const root = copyOfTestFiles();
    roots.push(root);
    rmSync(join(root, 'src', 'store', 'db.test.ts'));
    const run = await runner(['--check-list', '--root', root]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /test files listed but missing:\n {2}src\/store\/db\.test\.ts/);
  });
});
