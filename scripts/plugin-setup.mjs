// Installed as a Claude Code plugin (a plain checkout: committed dist/, no node_modules), the
// first hook that needs the worker runs this, detached: install the runtime dependencies once,
// then start the worker. Capture does not wait for it: the hook bundle needs no dependencies
// and every event waits in the spool until the worker ingests it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.CLAUDE_MEM_DATA_DIR || join(process.env.HOME ?? '.', '.claude-mem');
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
const log = openSync(join(dataDir, 'plugin-setup.log'), 'a', 0o600);
if (!existsSync(join(root, 'node_modules', 'better-sqlite3'))) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const install = spawnSync(npm, ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: ['ignore', log, log],
  });
  if (install.status !== 0) process.exit(1);
}
spawn(process.execPath, [join(root, 'dist', 'cli.mjs'), 'worker', 'run'], {
  detached: true,
  stdio: 'ignore',
}).unref();
