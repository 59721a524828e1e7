import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { dataDirId } from '../config/index.ts';
import { portConflict, portHolder } from './port-holder.ts';

const DATA_DIR = '/home/dev/.claude-mem';

/** A server on a free loopback port answering every request with `body`; its port. */
async function answering(body: string, t: { after: (fn: () => void) => void }): Promise<number> {
  const server: Server = createServer((_req, res) => res.end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  return (server.address() as AddressInfo).port;
}

test('a port nobody listens on is free', async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const closed = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  const holder = await portHolder(closed, DATA_DIR);
  assert.deepEqual([holder, portConflict(holder)], [{ kind: 'free' }, undefined]);
});

test('a web server that is not a worker is another program', async (t) => {
  const port = await answering('<html>hello</html>', t);
  const holder = await portHolder(port, DATA_DIR);
  assert.deepEqual(
    [holder, portConflict(holder)],
    [{ kind: 'other-program' }, 'taken by another program'],
  );
});

test("this folder's worker is no conflict; another folder's worker is", async (t) => {
  const mine = await answering(JSON.stringify({ status: 'ok', dataDirId: dataDirId(DATA_DIR) }), t);
  const theirs = await answering(JSON.stringify({ status: 'ok', dataDirId: dataDirId('/srv') }), t);
  assert.equal(portConflict(await portHolder(mine, DATA_DIR)), undefined);
  assert.equal(
    portConflict(await portHolder(theirs, DATA_DIR)),
    'used by the claude-mem worker of another data folder',
  );
});

test("a worker from before /health named its folder counts as this folder's", async (t) => {
  const port = await answering(JSON.stringify({ status: 'ok', version: '0.0.1' }), t);
  assert.deepEqual(await portHolder(port, DATA_DIR), { kind: 'worker', sameDataDir: true });
});

test('a worker whose database is at fault ("degraded") is still a worker', async (t) => {
  const body = { status: 'degraded', dataDirId: dataDirId(DATA_DIR) };
  const port = await answering(JSON.stringify(body), t);
  assert.deepEqual(await portHolder(port, DATA_DIR), { kind: 'worker', sameDataDir: true });
});

test('the folder id is stable, hides the path and tells folders apart', () => {
  assert.match(dataDirId(DATA_DIR), /^[0-9a-f]{16}$/);
  assert.equal(dataDirId(DATA_DIR), dataDirId('/home/dev/./.claude-mem'));
  assert.notEqual(dataDirId(DATA_DIR), dataDirId('/home/dev/.claude-mem-work'));
  assert.ok(!dataDirId(DATA_DIR).includes('claude'));
});
