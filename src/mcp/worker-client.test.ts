import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { test, type TestContext } from 'node:test';
import { freePort } from '../../test/helpers/env.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { pidFile, tokenFile } from '../config/index.ts';
import { createWorkerClient, WorkerUnreachableError } from './worker-client.ts';

/**
 * A stand-in worker: a node process whose command line ends in `worker run` (so the PID check
 * accepts it) answering /health and echoing every other request's method, path, token and body.
 */
async function fakeWorker(t: TestContext, dataDir: string): Promise<number> {
  const port = await freePort();
  const script = `require('node:http').createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => res.end(JSON.stringify(req.url === '/health' ? { status: 'ok' }
      : { method: req.method, path: req.url, auth: req.headers.authorization ?? null, body })));
  }).listen(${port}, '127.0.0.1', () => console.log('up'));`;
  const child = spawn(process.execPath, ['-e', script, 'worker', 'run'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  t.after(() => child.kill('SIGKILL'));
  await new Promise((resolve) => child.stdout.once('data', resolve));
  writeFileSync(
    pidFile(dataDir),
    JSON.stringify({ pid: child.pid, port, version: 't', startedAt: 1 }),
  );
  return port;
}

test('every call, GETs included, carries the token from the data folder', async (t) => {
  const dataDir = tempDir(t);
  writeFileSync(tokenFile(dataDir), 'secret-token\n');
  const port = await fakeWorker(t, dataDir);
  const call = createWorkerClient({
    dataDir,
    port,
    cliEntry: '/nonexistent',
    autoStart: false,
    waitMs: 2000,
  });
  const get = await call('GET', '/api/search?q=x');
  assert.deepEqual(get.body, {
    method: 'GET',
    path: '/api/search?q=x',
    auth: 'Bearer secret-token',
    body: '',
  });
  const post = await call('POST', '/api/observations/forget', { ids: [1] });
  assert.deepEqual(post.body, {
    method: 'POST',
    path: '/api/observations/forget',
    auth: 'Bearer secret-token',
    body: '{"ids":[1]}',
  });
});

test('no worker and autoStart off: WorkerUnreachableError after the wait, with what to do', async (t) => {
  const dataDir = tempDir(t);
  const call = createWorkerClient({
    dataDir,
    port: await freePort(),
    cliEntry: '/nonexistent',
    autoStart: false,
    waitMs: 100,
  });
  await assert.rejects(call('GET', '/api/search'), (error: unknown) => {
    assert.ok(error instanceof WorkerUnreachableError);
    assert.equal(error.code, 'WORKER_UNREACHABLE');
    assert.match(error.message, /claude-mem worker logs/);
    return true;
  });
});
