import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedObservation } from '../../../test/helpers/seed-memory.ts';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { openDatabase, type Db } from '../db.ts';
import { recordInjected } from './injection-ledger.ts';
import { recordUse, sessionMemories } from './use-record.ts';

function openTestDb(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  return db;
}

const rows = (db: Db) =>
  db.prepare('SELECT moment, used_at AS usedAt FROM injections ORDER BY moment').all() as Array<{
    moment: string;
    usedAt: number | null;
  }>;

test('a signal marks the injections made before it, not one made after; signals are stored once', (t) => {
  const db = openTestDb(t);
  const id = seedObservation(db, {
    title: 'T',
    filesRead: ['src/a.ts'],
    facts: ['npm test -> ok'],
  });
  recordInjected(db, {
    sessionId: 's',
    moment: 'session-start',
    at: 100,
    items: [{ id, tokens: 5 }],
  });
  recordInjected(db, { sessionId: 's', moment: 'file', at: 300, items: [{ id, tokens: 7 }] });
  recordInjected(db, {
    sessionId: 's',
    moment: 'session-start',
    at: 999,
    items: [{ id, tokens: 50 }],
  });
  const signal = {
    observationId: id,
    signal: 'file' as const,
    turn: 1,
    at: 200,
    detail: 'src/a.ts',
  };
  recordUse(db, 's', [signal], true);
  recordUse(db, 's', [signal], true);
  assert.deepEqual(rows(db), [
    { moment: 'file', usedAt: null },
    { moment: 'session-start', usedAt: 200 },
  ]);
  assert.equal(db.prepare('SELECT COUNT(*) FROM use_signals').pluck().get(), 1);
  assert.equal(db.prepare('SELECT renewed_at FROM memory_use').pluck().get(), 200);
  assert.deepEqual(sessionMemories(db, 's'), [
    { id, at: 100, turn: 0, files: ['src/a.ts'], text: 'T\n\n\nnpm test -> ok' },
  ]);
});

test('an id that is no observation is not recorded; renewal can be off', (t) => {
  const db = openTestDb(t);
  const id = seedObservation(db, { title: 'T' });
  recordInjected(db, {
    sessionId: 's',
    moment: 'mcp-get',
    at: 1,
    items: [
      { id, tokens: 1 },
      { id: 9999, tokens: 1 },
    ],
  });
  recordUse(db, 's', [{ observationId: id, signal: 'term', turn: 1, at: 5, detail: 'x' }], false);
  assert.deepEqual(rows(db), [{ moment: 'mcp-get', usedAt: 5 }]);
  assert.equal(db.prepare('SELECT COUNT(*) FROM memory_use').pluck().get(), 0);
});
