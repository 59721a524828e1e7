import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { tokenFile } from '../config/index.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { readOrCreateToken } from './token.ts';

test('readOrCreateToken creates a 48-hex-digit token once and returns it on every call', (t) => {
  const dataDir = tempDir(t);
  const first = readOrCreateToken(dataDir);
  assert.match(first, /^[0-9a-f]{48}$/);
  assert.equal(readOrCreateToken(dataDir), first);
  assert.equal(readOrCreateToken(dataDir), first);
});

test('the token file is private to the user (0600) and no temp file is left behind', (t) => {
  const dataDir = tempDir(t);
  readOrCreateToken(dataDir);
  assert.equal(statSync(tokenFile(dataDir)).mode & 0o777, 0o600);
  assert.deepEqual(readdirSync(dataDir), ['worker.token']);
});

test('an existing token is kept, without its trailing newline', (t) => {
  const dataDir = tempDir(t);
  writeFileSync(tokenFile(dataDir), 'abc123\n', { mode: 0o600 });
  assert.equal(readOrCreateToken(dataDir), 'abc123');
});

/** Runs `readOrCreateToken(dataDir)` in a separate node process and resolves with its output. */
function tokenFromChild(dataDir: string): Promise<string> {
  const module = new URL('./token.ts', import.meta.url).href;
  const script = `import { readOrCreateToken } from ${JSON.stringify(module)};
process.stdout.write(readOrCreateToken(${JSON.stringify(dataDir)}));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
  });
}

test('processes racing to create the token all get the same value', async (t) => {
  const dataDir = tempDir(t);
  const tokens = await Promise.all(Array.from({ length: 8 }, () => tokenFromChild(dataDir)));
  assert.equal(new Set(tokens).size, 1);
  assert.equal(tokens[0], readOrCreateToken(dataDir));
  assert.deepEqual(readdirSync(dataDir), ['worker.token']);
});
