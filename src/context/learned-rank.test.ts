import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { openDatabase, recordInjected, recordUse, resetDecay, type Db } from '../store/index.ts';
import { buildContext, type ContextOptions } from './build-context.ts';

// Must show 2 of issue 35 (first half): learning from use in the SessionStart ranking.

const NOW = Date.UTC(2026, 2, 1, 12, 0);
const DAY = 86_400_000;
const ON = { sinkUnused: true, renewUsed: true };

function open(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  return db;
}

/** Two memories made at the same time; `ignored` injected in ten sessions, `used` used once. */
function seed(db: Db): { used: number; ignored: number } {
  const made = NOW - 20 * DAY;
  const used = seedObservation(db, { title: 'Used one', createdAt: made });
  const ignored = seedObservation(db, { title: 'Ignored one', createdAt: made });
  for (let i = 0; i < 10; i += 1) {
    const at = made + (i + 1) * DAY;
    recordInjected(db, {
      sessionId: `s-${i}`,
      moment: 'session-start',
      at,
      items: [{ id: ignored, tokens: 12 }],
    });
  }
  recordInjected(db, {
    sessionId: 's-u',
    moment: 'session-start',
    at: made + DAY,
    items: [{ id: used, tokens: 12 }],
  });
  recordUse(
    db,
    's-u',
    [{ observationId: used, signal: 'file', turn: 1, at: made + DAY + 5000, detail: 'a.ts' }],
    true,
  );
  return { used, ignored };
}

const shownBy = (db: Db, learn: ContextOptions['learn']) =>
  buildContext(
    db,
    { project: 'alpha', source: 'startup', now: NOW },
    { maxTokens: 2000, maxObservations: 1, learn },
  ).shown.map(({ id }) => id);

test('a memory injected in ten sessions and never used ranks below an equally old, used one', (t) => {
  const db = open(t);
  const { used, ignored } = seed(db);
  assert.deepEqual(shownBy(db, ON), [used]);
  // Without learning the newer id wins the tie, so the order above is the ledger's doing.
  assert.deepEqual(shownBy(db, { sinkUnused: false, renewUsed: false }), [ignored]);
});

test('each setting alone still ranks the ignored one below; a reset of its decay undoes the sink', (t) => {
  const db = open(t);
  const { used, ignored } = seed(db);
  assert.deepEqual(shownBy(db, { sinkUnused: true, renewUsed: false }), [used]);
  assert.deepEqual(shownBy(db, { sinkUnused: false, renewUsed: true }), [used]);
  resetDecay(db, ignored, NOW);
  assert.deepEqual(shownBy(db, { sinkUnused: true, renewUsed: false }), [ignored]);
});
