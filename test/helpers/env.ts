import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** The built bundles every end-to-end test runs (`npm test` builds them first). */
export const HOOK_BUNDLE = join(import.meta.dirname, '..', '..', 'dist', 'hook.cjs');
/** The hook's code, which HOOK_BUNDLE (the loader) compiles with V8's code cache. */
export const HOOK_MAIN = join(import.meta.dirname, '..', '..', 'dist', 'hook-main.cjs');
export const CLI_BUNDLE = join(import.meta.dirname, '..', '..', 'dist', 'cli.mjs');

/** A free loopback port, chosen by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The PATH every test gives what it spawns: this process's node and the system's own tools
 * (git, sh), nothing else. The machine's PATH may hold a `claude` of any version (claude-mem's
 * provider detection would pick it up), another claude-mem, or a different node.
 */
export const TEST_PATH = [testBin(), '/usr/bin', '/bin'].join(delimiter);

/** A folder with only `node` in it, the node running the tests (one per node binary). */
function testBin(): string {
  const dir = join(tmpdir(), `claude-mem-test-bin-${process.version}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  try {
    symlinkSync(process.execPath, join(dir, 'node'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * What a spawned program may read of the machine: nothing but TEST_PATH and TMPDIR. HOME and
 * the XDG folders point into `root`; CLAUDE_CONFIG_DIR, API keys, proxies and the user's
 * CLAUDE_MEM_* settings are left out because the env is built, not inherited.
 */
export function hermeticEnv(root: string): NodeJS.ProcessEnv {
  return {
    PATH: TEST_PATH,
    HOME: root,
    XDG_CONFIG_HOME: join(root, '.config'),
    XDG_DATA_HOME: join(root, '.local', 'share'),
    XDG_STATE_HOME: join(root, '.local', 'state'),
    XDG_CACHE_HOME: join(root, '.cache'),
    TMPDIR: process.env.TMPDIR,
  };
}

/** A private data folder and port for one test, and the env that points claude-mem at them. */
export interface TestHome {
  dataDir: string;
  port: number;
  env: NodeJS.ProcessEnv;
  cleanup(): void;
}

/** Creates a temp data folder with its own worker port. Call cleanup() after stopping workers. */
export async function createTestHome(extraEnv: NodeJS.ProcessEnv = {}): Promise<TestHome> {
  const root = mkdtempSync(join(tmpdir(), 'claude-mem-test-'));
  const dataDir = join(root, 'data');
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...hermeticEnv(root),
    CLAUDE_MEM_DATA_DIR: dataDir,
    CLAUDE_MEM_WORKER_PORT: String(port),
    CLAUDE_MEM_SEARCH_EMBEDDER: 'off',
    ...extraEnv,
  };
  return { dataDir, port, env, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
