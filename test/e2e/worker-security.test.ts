import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { requestOpenLink } from '../../src/client/index.ts';
import { CLI_BUNDLE, createTestHome, type TestHome } from '../helpers/env.ts';
import { listeningAddresses } from '../helpers/proc.ts';
import { startWorker, stopWorker, tokenOf } from '../helpers/worker.ts';

interface Reply {
  status: number;
  body: string;
}

/** One raw request to the worker with exactly the headers given (node:http sends Host as is). */
function send(
  port: number,
  path: string,
  headers: Record<string, string>,
  options: { method?: string; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** One request per route group (and the viewer's files), as an anonymous local user sends it. */
const UNAUTHENTICATED: Array<[string, string]> = [
  ['GET', '/'],
  ['GET', '/index.html'],
  ['GET', '/?token=not-a-minted-code'],
  ['GET', '/favicon.svg'],
  ['GET', '/stream'],
  ['GET', '/api/sessions'],
  ['GET', '/api/events'],
  ['GET', '/api/prompts'],
  ['GET', '/api/context?cwd=/tmp'],
  ['GET', '/api/search?query=x'],
  ['GET', '/api/timeline?anchor=1'],
  ['GET', '/api/observations/1'],
  ['POST', '/api/observations/batch'],
  ['POST', '/api/memories'],
  ['DELETE', '/api/observations/1'],
  ['PATCH', '/api/observations/1'],
  ['POST', '/api/observations/1/pin'],
  ['POST', '/api/sessions/observations'],
  ['GET', '/api/compression/status'],
  ['POST', '/api/compression/retry'],
  ['GET', '/api/recall/status'],
  ['GET', '/api/feed'],
  ['GET', '/api/observations'],
  ['GET', '/api/summaries'],
  ['GET', '/api/stats'],
  ['GET', '/api/projects'],
  ['GET', '/api/logs'],
  ['GET', '/api/failed-events'],
  ['GET', '/api/settings'],
  ['PUT', '/api/settings'],
  ['GET', '/api/viewer/context-preview'],
  ['POST', '/api/viewer/open-link'],
  ['GET', '/api/admin/export'],
  ['POST', '/api/admin/import'],
  ['POST', '/api/admin/forget'],
  ['POST', '/api/admin/purge'],
  ['POST', '/api/admin/backfill/events'],
  ['POST', '/api/retention/run'],
  ['GET', '/api/retention/status'],
  ['GET', '/api/no-such-route'],
];

/** Like send, with the response headers (Set-Cookie, Location). */
function sendRaw(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<Reply & { headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          headers: res.headers,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const modeOf = (path: string): string => (statSync(path).mode & 0o777).toString(8);

describe('worker security on a real port', () => {
  let home: TestHome;
  let host: string;

  before(async () => {
    home = await createTestHome();
    host = `127.0.0.1:${home.port}`;
    // A settings file, so that its mode can be checked too.
    spawnSync(process.execPath, [CLI_BUNDLE, 'config', 'set', 'log.level', 'info'], {
      env: home.env,
    });
    await startWorker(home);
  });

  after(async () => {
    await stopWorker(home);
    home.cleanup();
  });

  it('answers /health addressed to 127.0.0.1:<port>', async () => {
    const reply = await send(home.port, '/health', { host });
    assert.equal(reply.status, 200);
    assert.equal((JSON.parse(reply.body) as { status: string }).status, 'ok');
  });

  it('refuses Host evil.example with 403 (DNS rebinding)', async () => {
    assert.equal((await send(home.port, '/health', { host: 'evil.example' })).status, 403);
  });

  it('refuses Host evil.example:<port> with 403', async () => {
    assert.equal(
      (await send(home.port, '/health', { host: `evil.example:${home.port}` })).status,
      403,
    );
  });

  it('refuses a loopback Host with another port with 403', async () => {
    assert.equal(
      (await send(home.port, '/health', { host: `127.0.0.1:${home.port + 1}` })).status,
      403,
    );
  });

  it('refuses a cross-origin browser request (Origin http://evil.example) with 403', async () => {
    const reply = await send(home.port, '/health', { host, origin: 'http://evil.example' });
    assert.equal(reply.status, 403);
  });

  it('refuses a mutating call without the token with 401', async () => {
    const body = JSON.stringify({ session_id: 'sec-no-token', prompt: 'hi' });
    const reply = await send(
      home.port,
      '/api/sessions/init',
      { host, 'content-type': 'application/json' },
      { method: 'POST', body },
    );
    assert.equal(reply.status, 401);
  });

  it('refuses a mutating call with a wrong token with 401', async () => {
    const body = JSON.stringify({ session_id: 'sec-wrong-token', prompt: 'hi' });
    const headers = {
      host,
      'content-type': 'application/json',
      authorization: `Bearer ${'0'.repeat(48)}`,
    };
    assert.equal(
      (await send(home.port, '/api/sessions/init', headers, { method: 'POST', body })).status,
      401,
    );
  });

  it('accepts a mutating call with the right token', async () => {
    const body = JSON.stringify({ session_id: 'sec-right-token', prompt: 'hi', cwd: home.dataDir });
    const headers = {
      host,
      'content-type': 'application/json',
      authorization: `Bearer ${tokenOf(home)}`,
    };
    const reply = await send(home.port, '/api/sessions/init', headers, { method: 'POST', body });
    assert.deepEqual([reply.status, JSON.parse(reply.body)], [200, { stored: true }]);
  });

  it('checks the Host before the token: a rebinding page with a stolen token still gets 403', async () => {
    const headers = {
      host: 'evil.example',
      'content-type': 'application/json',
      authorization: `Bearer ${tokenOf(home)}`,
    };
    const body = JSON.stringify({ session_id: 'sec-rebind', prompt: 'hi' });
    assert.equal(
      (await send(home.port, '/api/sessions/init', headers, { method: 'POST', body })).status,
      403,
    );
  });

  it('answers /health without the token with status, version and dataDirId only', async () => {
    const reply = await send(home.port, '/health', { host });
    assert.deepEqual(Object.keys(JSON.parse(reply.body) as object), [
      'status',
      'version',
      'dataDirId',
    ]);
    const full = await send(home.port, '/health', {
      host,
      authorization: `Bearer ${tokenOf(home)}`,
    });
    assert.ok('queue' in (JSON.parse(full.body) as object));
  });

  // A timeout: without the check, GET /stream would answer an endless event stream.
  it(
    'refuses every route group without the token with 401, reads and export included',
    { timeout: 120_000 },
    async () => {
      const answers: string[] = [];
      for (const [method, path] of UNAUTHENTICATED) {
        const reply = await send(
          home.port,
          path,
          { host, 'content-type': 'application/json' },
          {
            method,
            body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
          },
        );
        answers.push(`${method} ${path} ${reply.status}`);
      }
      assert.deepEqual(
        answers,
        UNAUTHENTICATED.map(([method, path]) => `${method} ${path} 401`),
      );
    },
  );

  it('refuses a read (the export) with a wrong token or a forged cookie with 401', async () => {
    const wrong = { host, authorization: `Bearer ${'0'.repeat(48)}` };
    assert.equal((await send(home.port, '/api/admin/export', wrong)).status, 401);
    const cookie = { host, cookie: `claude_mem_${home.port}=${tokenOf(home)}` };
    assert.equal((await send(home.port, '/api/admin/export', cookie)).status, 401);
    const right = { host, authorization: `Bearer ${tokenOf(home)}` };
    assert.equal((await send(home.port, '/api/admin/export', right)).status, 200);
  });

  it('trades a one-time link once for an HttpOnly SameSite=Strict cookie, then refuses it', async () => {
    const url = await requestOpenLink(home.port, home.dataDir);
    const path = new URL(url).pathname + new URL(url).search;
    assert.match(path, /^\/\?token=[\w-]{20,}$/);
    const first = await sendRaw(home.port, path, { host });
    assert.equal(first.status, 302);
    assert.equal(first.headers.location, '/');
    const setCookie = first.headers['set-cookie']?.[0] ?? '';
    assert.match(
      setCookie,
      new RegExp(`^claude_mem_${home.port}=[\\w-]+; Path=/; HttpOnly; SameSite=Strict$`),
    );
    const cookie = setCookie.split(';')[0] ?? '';
    assert.ok(!cookie.includes(tokenOf(home)), 'the cookie is not the token');
    const again = await sendRaw(home.port, path, { host });
    assert.deepEqual([again.status, again.headers['set-cookie']], [401, undefined]);
    assert.match(again.body, /claude-mem open/);
    assert.equal((await send(home.port, '/api/stats', { host, cookie })).status, 200);
    const page = await send(home.port, '/', { host, cookie });
    assert.equal(page.status, 200);
    assert.match(page.body, /<div id="root">/);
    assert.ok(!page.body.includes(tokenOf(home)), 'the page holds no token');
    assert.doesNotMatch(page.body, /claude-mem-token|__CLAUDE_MEM_TOKEN__/);
  });

  it('listens on 127.0.0.1 only', () => {
    assert.deepEqual(listeningAddresses(home.port), ['127.0.0.1']);
  });

  it('answers a bad query with 400 naming the parameter, not 500', async () => {
    const reply = await send(home.port, '/api/events?limit=abc', {
      host,
      authorization: `Bearer ${tokenOf(home)}`,
    });
    const body = JSON.parse(reply.body) as { error: { code: string; message: string } };
    assert.equal(reply.status, 400);
    assert.equal(body.error.code, 'BAD_REQUEST');
    assert.match(body.error.message, /\blimit\b/);
  });

  it('keeps the data folder 0700', () => {
    assert.equal(modeOf(home.dataDir), '700');
  });

  it('keeps the database, its WAL files, the token, the settings and the log 0600', () => {
    const files = [
      'claude-mem.db',
      'claude-mem.db-wal',
      'claude-mem.db-shm',
      'worker.token',
      'settings.json',
      'claude-mem.log',
    ];
    assert.deepEqual(
      files.map((name) => [name, modeOf(join(home.dataDir, name))]),
      files.map((name) => [name, '600']),
    );
  });
});
