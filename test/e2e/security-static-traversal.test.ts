// Security: the worker's static routes (the viewer) refuse path traversal on a real socket, where
// the request line reaches the server exactly as sent (no client normalizing `..` away). The
// in-process cases of src/worker/viewer/viewer-static.test.ts use a fake UI folder; these use the real
// worker and the real dist/ui, with secrets in reach: the database, the token, package.json.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tokenFile } from '../../src/config/index.ts';
import { createTestHome, type TestHome } from '../helpers/env.ts';
import { startWorker, stopWorker } from '../helpers/worker.ts';

const UI_INDEX = join(import.meta.dirname, '..', '..', 'dist', 'ui', 'index.html');

/**
 * Sends `GET <target>` byte for byte on a fresh connection, with the token (so the static routes
 * themselves answer, not the sign-in check); the status and body.
 */
function rawGet(
  port: number,
  target: string,
  token: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    socket.on('error', reject);
    const auth = `Authorization: Bearer ${token}\r\n`;
    socket.write(
      `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${auth}Connection: close\r\n\r\n`,
    );
  });
}

const TRAVERSALS = [
  '/../package.json',
  '/../../package.json',
  '/assets/../../package.json',
  '/assets/../../../data/worker.token',
  '/%2e%2e/package.json',
  '/%2e%2e%2f%2e%2e%2fpackage.json',
  '/assets/..%2f..%2f..%2fpackage.json',
  '/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fdata%2fclaude-mem.db',
  '/assets/..%5c..%5c..%5cpackage.json',
  '/..%c0%af..%c0%afpackage.json',
  '/assets/%252e%252e%252fpackage.json',
  '//etc/passwd',
  '/assets//etc/passwd',
  '/index.html/../../package.json',
  '/assets/index.html%00.js',
  '/.%2e/.%2e/package.json',
  '/favicon.svg/..%2f..%2fpackage.json',
];

describe('the worker refuses path traversal on its static routes', () => {
  let home: TestHome;
  let token: string;
  let results: Array<{ target: string; status: number; body: string }>;

  before(async () => {
    home = await createTestHome({ CLAUDE_MEM_SEARCH_EMBEDDER: 'off' });
    await startWorker(home);
    token = readFileSync(tokenFile(home.dataDir), 'utf8').trim();
    results = [];
    for (const target of TRAVERSALS) {
      results.push({ target, ...(await rawGet(home.port, target, token)) });
    }
    results.push({
      target: 'absolute-form',
      ...(await rawGet(home.port, `http://127.0.0.1:${home.port}/../../package.json`, token)),
    });
  });

  after(async () => {
    await stopWorker(home);
    home.cleanup();
  });

  it('serves the viewer itself (the static routes are live)', async () => {
    const page = await rawGet(home.port, '/', token);
    assert.equal(existsSync(UI_INDEX), true);
    assert.equal(page.status, 200);
  });

  it('answers every traversal attempt with 4xx', () => {
    assert.deepEqual(
      results.filter((r) => r.status < 400 || r.status >= 500).map((r) => [r.target, r.status]),
      [],
    );
  });

  it('leaks no file content: no package.json, no /etc/passwd, no database, no token', () => {
    const leaks = results.filter(
      (r) =>
        r.body.includes('"devDependencies"') ||
        r.body.includes('root:x:0:0') ||
        r.body.includes('SQLite format 3') ||
        r.body.includes(token),
    );
    assert.deepEqual(
      leaks.map((r) => r.target),
      [],
    );
  });
});
