// Runs the end-to-end slice (capture, worker, compression against the fake server, search, MCP,
// install with the real `claude`, viewer) on other Node majors than the machine's.
//
//   node scripts/test-node-versions.mjs [--versions 22,24]
//
// Node comes from the npm registry (the `node-<platform>-<arch>` package of a pinned version:
// the official binary plus its headers in include/node), never from a download site. The
// project is copied, better-sqlite3 is rebuilt from source for that Node with node-gyp pointed
// at those headers (--nodedir: nothing is downloaded), and the main node_modules stays built for
// the machine's Node. Every other package is linked, not copied. .ci/run calls this after the
// main test pass.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * The tested versions (README, Development); bump deliberately, the matrix must stay green.
 * Node 24 stays at 24.18.1: from 24.19.0 on, node::ObjectWrap registers an environment cleanup
 * hook, and better-sqlite3 12 (whose Database and Statement derive from it) aborts the process
 * when one is finalized after the environment is gone ("Assertion failed: (env) != nullptr" in
 * RemoveEnvironmentCleanupHook; seen here on 24.21.0 at the exit of replay-corpus.test.ts).
 * better-sqlite3 13 (Node-API) fixes it but needs Node >= 22.
 */
export const NODE_VERSIONS = { 22: '22.23.3', 24: '24.18.1' };

/** The slice: one or two files per part of the product that a Node upgrade could break. */
export const SLICE = [
  'test/e2e/replay-corpus.test.ts', // capture: the real hooks over the shipped transcripts
  'test/e2e/worker-security.test.ts', // worker: HTTP API, token, origins
  'test/e2e/fault-port-taken.test.ts', // worker: lifecycle, port and pid files
  'test/e2e/compress-anthropic.test.ts', // compression against the fake Anthropic server
  'test/e2e/recall-cli.test.ts', // search: full-text, vector, hybrid through the CLI
  'test/e2e/mcp-stdio.test.ts', // MCP over stdio
  'test/e2e/install.test.ts', // install / uninstall into a Claude Code home
  'test/e2e/claude-code.test.ts', // the real `claude` with claude-mem installed
  'test/e2e/viewer-feed.test.ts', // the viewer in Chromium
];

const ROOT = join(import.meta.dirname, '..');
const WORK = join(tmpdir(), 'claude-mem-node-versions');
const NATIVE = 'better-sqlite3';

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
const say = (line) => console.log(`[node-versions] ${line}`);

/** Unpacks the registry's Node package once; returns its folder (bin/node, include/node). */
function nodeFromRegistry(version) {
  const dir = join(WORK, `node-v${version}`);
  if (existsSync(join(dir, 'bin', 'node'))) return dir;
  const name = `node-${process.platform}-${process.arch}@${version}`;
  mkdirSync(WORK, { recursive: true });
  const packed = execFileSync('npm', ['pack', name, '--pack-destination', WORK, '--json'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const tarball = JSON.parse(packed)[0].filename;
  const unpacked = join(WORK, `unpack-${version}`);
  rmSync(unpacked, { recursive: true, force: true });
  mkdirSync(unpacked);
  execFileSync('tar', ['xzf', join(WORK, tarball), '-C', unpacked]);
  rmSync(join(WORK, tarball));
  renameSync(join(unpacked, 'package'), dir);
  rmSync(unpacked, { recursive: true, force: true });
  return dir;
}

/** A copy of the project whose node_modules links every package but the native one. */
function projectCopy(version) {
  const copy = join(WORK, `project-v${version}`);
  rmSync(copy, { recursive: true, force: true });
  cpSync(ROOT, copy, {
    recursive: true,
    filter: (src) => !['node_modules', '.git'].includes(src.slice(ROOT.length + 1).split('/')[0]),
  });
  const modules = join(copy, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry === NATIVE) continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
  cpSync(join(ROOT, 'node_modules', NATIVE), join(modules, NATIVE), {
    recursive: true,
    filter: (src) => !src.includes(`${NATIVE}/build`),
  });
  return copy;
}

/** node-gyp as npm ships it, run by the target Node against the target Node's headers. */
function rebuildNative(copy, nodeDir) {
  const npmRoot = execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim();
  const gyp = join(npmRoot, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  if (!existsSync(gyp)) throw new Error(`node-gyp not found at ${gyp}`);
  const node = join(nodeDir, 'bin', 'node');
  execFileSync(
    node,
    [gyp, 'rebuild', '--release', `--nodedir=${nodeDir}`, '--jobs=max', '--loglevel=warn'],
    {
      cwd: join(copy, 'node_modules', NATIVE),
      env: { ...process.env, PATH: `${dirname(node)}:${process.env.PATH}` },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  // The proof that the module loads in that Node, with the ABI it reports.
  return execFileSync(
    node,
    [
      '-e',
      `const Db = require('${NATIVE}'); const db = new Db(':memory:'); console.log('sqlite ' + db.prepare('select sqlite_version()').pluck().get() + ', ABI ' + process.versions.modules)`,
    ],
    { cwd: copy, encoding: 'utf8' },
  ).trim();
}

function testOn(major) {
  const version = NODE_VERSIONS[major];
  if (!version) throw new Error(`no pinned version for Node ${major}`);
  const started = Date.now();
  const nodeDir = nodeFromRegistry(version);
  say(`node ${version}: unpacked (${seconds(started)})`);
  const copy = projectCopy(version);
  const built = Date.now();
  const loaded = rebuildNative(copy, nodeDir);
  say(`node ${version}: ${NATIVE} rebuilt from source (${seconds(built)}): ${loaded}`);
  const tested = Date.now();
  const run = spawnSync(join(nodeDir, 'bin', 'node'), ['scripts/run-tests.mjs', ...SLICE], {
    cwd: copy,
    env: { ...process.env, PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}` },
    stdio: 'inherit',
  });
  const ok = run.status === 0;
  say(
    `node ${version}: ${ok ? 'PASS' : 'FAIL'} (tests ${seconds(tested)}, in all ${seconds(started)})`,
  );
  if (ok) rmSync(copy, { recursive: true, force: true });
  return { version, ok };
}

const { values } = parseArgs({
  options: { versions: { type: 'string', default: Object.keys(NODE_VERSIONS).join(',') } },
});
const results = values.versions.split(',').map((major) => testOn(major.trim()));
const failed = results.filter((r) => !r.ok).map((r) => r.version);
say(
  failed.length === 0
    ? `all passed: ${results.map((r) => r.version).join(', ')}`
    : `failed on ${failed.join(', ')}`,
);
process.exit(failed.length === 0 ? 0 : 1);
