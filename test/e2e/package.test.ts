import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { freePort } from '../helpers/env.ts';
import { workerPidsFor } from '../helpers/proc.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};
/** The npm that ships with this node, not whatever PATH finds. */
const NPM = join(
  dirname(process.execPath),
  '..',
  'lib',
  'node_modules',
  'npm',
  'bin',
  'npm-cli.js',
);

const run = (
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd = ROOT,
): SpawnSyncReturns<string> =>
  spawnSync(file, args, { env, cwd, encoding: 'utf8', timeout: 150_000 });

/**
 * npm pack, then npm install -g of the tarball into a temp prefix, as a user would. Install
 * scripts are off: better-sqlite3 would compile for minutes, so its build comes from this
 * checkout (same node, same version); everything else is what the registry serves for the
 * package's declared dependencies.
 */
function installPacked(root: string, env: NodeJS.ProcessEnv): string {
  const packed = run(
    process.execPath,
    [NPM, 'pack', '--ignore-scripts', '--pack-destination', root],
    env,
  );
  assert.equal(packed.status, 0, packed.stderr);
  const tarball = join(root, readdirSync(root).find((name) => name.endsWith('.tgz')) ?? '');
  const prefix = join(root, 'prefix');
  const flags = ['--prefix', prefix, '--cache', npmCache(), '--prefer-offline', '--ignore-scripts'];
  // What the cache lacks (package metadata: the repository's own install reads the lockfile)
  // comes from the registry, through whatever TLS interception this machine has: npm gets its
  // CA bundle, or every request fails and is retried until the limit (seen here: 150 s).
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  const installed = run(
    process.execPath,
    [NPM, 'install', '-g', ...flags, '--no-audit', '--no-fund', tarball],
    ca ? { ...env, NODE_EXTRA_CA_CERTS: ca } : env,
    root,
  );
  assert.equal(installed.status, 0, installed.stderr);
  const tree = join(prefix, 'lib', 'node_modules', ...PACKAGE.name.split('/'));
  const sqlite = join('node_modules', 'better-sqlite3', 'build');
  cpSync(join(ROOT, sqlite), join(tree, sqlite), { recursive: true });
  return prefix;
}

/**
 * The user's npm cache, where `npm install` of this checkout left every dependency: read only
 * for speed (content-addressed, so it cannot change what is installed); the Agent SDK's
 * 360 MB binary would otherwise be downloaded on every run.
 */
function npmCache(): string {
  const found = run(process.execPath, [NPM, 'config', 'get', 'cache'], process.env);
  return found.stdout.trim();
}

describe('the npm package', () => {
  it(`installs from npm pack and runs --version, the demo and doctor`, async (t) => {
    const root = mkdtempSync(join(tmpdir(), 'claude-mem-pack-'));
    const demoDir = join(root, 'demo');
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: root,
      TMPDIR: process.env.TMPDIR,
      CLAUDE_MEM_DATA_DIR: demoDir,
      CLAUDE_MEM_SEARCH_EMBEDDER: 'off',
    };
    // Registered before the install, so that a failed install leaves no folder behind either.
    const installed: { bin?: string } = {};
    t.after(() => {
      if (installed.bin) run(installed.bin, ['worker', 'stop'], env, root);
      rmSync(root, { recursive: true, force: true });
    });
    const claudeMem = join(installPacked(root, env), 'bin', 'claude-mem');
    installed.bin = claudeMem;
    const version = run(claudeMem, ['--version'], env, root);
    const port = String(await freePort());
    const demo = run(claudeMem, ['demo', '--data-dir', demoDir, '--port', port], env, root);
    const doctor = run(claudeMem, ['doctor'], env, root);
    assert.equal(version.stdout, `${PACKAGE.version}\n`);
    assert.equal(existsSync(join(dirname(claudeMem), 'claude-mem-hook')), true);
    assert.equal(demo.status, 0, demo.stderr);
    assert.match(demo.stdout, /Captured 2 prompts and 6 tool events/);
    assert.match(demo.stdout, /<claude-mem-context>/);
    assert.equal(doctor.status, 0, doctor.stdout);
    assert.equal(workerPidsFor(demoDir).length, 1);
  });
});
