import assert from 'node:assert/strict';
import { test } from 'node:test';
import { healthLines } from './worker-command.ts';

test('worker status groups thousands and says singular and plural right', () => {
  const lines = healthLines({
    status: 'ok',
    version: '0.1.0',
    pid: 42,
    port: 37777,
    uptimeMs: 3_723_000,
    queue: { spool: 1, pending: 2228 },
    events: { compressed: 12_345, failed: 1 },
  });
  assert.deepEqual(lines, [
    'worker ok: pid 42, http://127.0.0.1:37777/, version 0.1.0, up 1 h 2 min',
    '  waiting: 1 spool file to ingest, 2,228 events to compress',
    '  events: 12,345 compressed, 1 failed',
  ]);
});
