import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Hono } from 'hono';
import type { Logger } from '../config/index.ts';
import { createErrorHandler } from './errors.ts';
import { isBusy, isDbFault } from './db-fault.ts';

const silent: Logger = { log: () => undefined };

/** An app whose one route throws an SQLite error with `code`. */
function throwing(code: string): Hono {
  const app = new Hono();
  app.onError(createErrorHandler(silent));
  app.get('/x', () => {
    throw Object.assign(new Error('sqlite says no'), { code });
  });
  return app;
}

test('a busy or locked database is answered 503 DB_BUSY, whichever code SQLite gave', async () => {
  for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED']) {
    const res = await throwing(code).request('/x');
    assert.equal(res.status, 503, code);
    assert.deepEqual(await res.json(), {
      error: { code: 'DB_BUSY', message: 'database is busy, retry' },
    });
  }
});

test('another SQLite error is an internal error, not a busy one', async () => {
  const res = await throwing('SQLITE_CONSTRAINT_UNIQUE').request('/x');
  assert.equal(res.status, 500);
});

test('busy and faulty are told apart by the code alone', () => {
  assert.deepEqual(
    ['SQLITE_LOCKED_SHAREDCACHE', 'SQLITE_BUSY', 'SQLITE_FULL', 'SQLITE_CONSTRAINT'].map((code) => [
      isBusy({ code }),
      isDbFault({ code }),
    ]),
    [
      [true, false],
      [true, false],
      [false, true],
      [false, false],
    ],
  );
  assert.equal(isBusy(null), false);
});
