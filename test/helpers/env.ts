import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The built bundles every end-to-end test runs (`npm test` builds them first). */
export const HOOK_BUNDLE = join(import.meta.dirname, '..', '..', 'dist', 'hook.cjs');
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
    PATH: process.env.PATH,
    HOME: root,
    TMPDIR: process.env.TMPDIR,
    CLAUDE_MEM_DATA_DIR: dataDir,
    CLAUDE_MEM_WORKER_PORT: String(port),
    CLAUDE_MEM_SEARCH_EMBEDDER: 'off',
    ...extraEnv,
  };
  return { dataDir, port, env, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
