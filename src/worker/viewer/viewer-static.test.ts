import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { testHeaders } from '../../../test/helpers/route-call.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { createTestDeps } from '../../../test/helpers/worker-deps.ts';
import { logFile } from '../../config/index.ts';
import { createApp } from '../app.ts';
import { createViewerService } from './viewer-service.ts';

/** A built UI folder: index.html, one asset, a secret beside it. */
function fakeUi(t: TestContext): string {
  const root = tempDir(t);
  const ui = join(root, 'ui');
  mkdirSync(join(ui, 'assets'), { recursive: true });
  writeFileSync(join(ui, 'index.html'), '<title>claude-mem</title>');
  writeFileSync(join(ui, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(ui, 'assets', 'notes.md'), '# not served');
  writeFileSync(join(ui, 'theme-init.js'), '//');
  writeFileSync(join(root, 'secret.js'), 'SECRET');
  symlinkSync(join(root, 'secret.js'), join(ui, 'assets', 'link.js'));
  return ui;
}

function setup(t: TestContext, uiDir: string | undefined) {
  const deps = createTestDeps(t);
  const service = createViewerService(deps, { uiDir, env: {} });
  t.after(() => service.stop());
  const app = createApp(deps, [service]);
  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(path, {
      headers: { ...testHeaders(), ...headers },
    });
  return { deps, get };
}

test('serves index.html as built (no token in it), a strict CSP and no caching', async (t) => {
  const { get } = setup(t, fakeUi(t));
  const res = await get('/');
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
  assert.equal(await res.text(), '<title>claude-mem</title>');
  assert.match(
    res.headers.get('content-security-policy') ?? '',
    /script-src 'self';[^]*frame-ancestors 'none'/,
  );
  assert.equal(res.headers.get('cache-control'), 'no-store');
  assert.equal(res.headers.get('x-frame-options'), 'DENY');
});

test('serves assets with their content type and refuses anything that leaves the folder', async (t) => {
  const { get } = setup(t, fakeUi(t));
  const asset = await get('/assets/index-abc.js');
  assert.equal(asset.status, 200);
  assert.equal(asset.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.equal(asset.headers.get('x-content-type-options'), 'nosniff');
  assert.equal((await get('/theme-init.js')).status, 200);
  const refused = [
    '/assets/notes.md',
    '/assets/link.js',
    '/assets/..%2f..%2fsecret.js',
    '/assets/%2e%2e%2fsecret.js',
    '/assets/..%5csecret.js',
    '/assets/.hidden.js',
    '/../secret.js',
    '/assets/../../secret.js',
    '/secret.js',
    '/index.html%00.js',
  ];
  const statuses = await Promise.all(refused.map(async (path) => (await get(path)).status));
  assert.deepEqual(
    statuses,
    refused.map(() => 404),
  );
});

test('answers 503 with a hint when the UI was not built, and keeps the API', async (t) => {
  const { get } = setup(t, undefined);
  const res = await get('/');
  assert.equal(res.status, 503);
  assert.match(await res.text(), /npm run build/);
  assert.equal((await get('/health')).status, 200);
});

test('refuses the page to a foreign Host or a cross-site request', async (t) => {
  const { get } = setup(t, fakeUi(t));
  assert.equal((await get('/', { host: 'evil.example:37999' })).status, 403);
  assert.equal((await get('/', { 'sec-fetch-site': 'cross-site' })).status, 403);
  assert.equal((await get('/api/stats', { origin: 'http://evil.example' })).status, 403);
});

test('GET /api/logs returns the last lines with secrets redacted', async (t) => {
  const { deps, get } = setup(t, undefined);
  const lines = Array.from({ length: 30 }, (_, i) => `line ${i}`);
  appendFileSync(
    logFile(deps.dataDir),
    `${lines.join('\n')}\nkey sk-ant-api03-${'a'.repeat(40)}\n`,
  );
  const body = (await (await get('/api/logs?lines=3')).json()) as { lines: string[] };
  assert.deepEqual(body.lines.slice(0, 2), ['line 28', 'line 29']);
  assert.doesNotMatch(body.lines[2] ?? '', /aaaaaaaaaa/);
  assert.equal((await get('/api/logs?lines=0')).status, 400);
});
