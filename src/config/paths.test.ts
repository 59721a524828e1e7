import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ensureDataDir, quarantineDir, spoolDir, stateDir } from './paths.ts';

const modeOf = (path: string): string => (statSync(path).mode & 0o777).toString(8);
const foldersOf = (dataDir: string) => [
  dataDir,
  spoolDir(dataDir),
  quarantineDir(dataDir),
  stateDir(dataDir),
];

function tempRoot(t: { after: (fn: () => void) => void }): string {
  const root = mkdtempSync(join(tmpdir(), 'claude-mem-paths-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  return root;
}

test('creates the data folder and its subfolders 0700, also without repair (hooks)', (t) => {
  const root = tempRoot(t);
  for (const repair of [true, false]) {
    const dataDir = join(root, `data-${repair}`, 'nested');
    ensureDataDir(dataDir, { repair });
    assert.deepEqual(
      foldersOf(dataDir).map(modeOf),
      ['700', '700', '700', '700'],
      `repair: ${repair}`,
    );
  }
});

test('takes back a folder made by hand with 0755 only when repairing', (t) => {
  const dataDir = join(tempRoot(t), 'data');
  mkdirSync(dataDir, { mode: 0o755 });
  chmodSync(dataDir, 0o755);
  ensureDataDir(dataDir, { repair: false });
  assert.equal(modeOf(dataDir), '755');
  ensureDataDir(dataDir);
  assert.equal(modeOf(dataDir), '700');
});
