import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedObservation } from '../../../test/helpers/seed-memory.ts';
import { seededRandom } from '../../../test/helpers/soak-load.ts';
import { openTestDb } from '../../../test/helpers/test-db.ts';
import { recordInjected, recordUse, resetDecay, useStandings, type Db } from '../index.ts';
import { STANDINGS_SQL } from './use-rank.ts';

// useStandings counts, per memory, the sessions it was injected into after its last use and its
// reset and never used in. It is read for every SessionStart context; these tests hold it to
// that definition, computed here in JavaScript from the raw ledger.

const MOMENTS = ['session-start', 'prompt', 'file'] as const;

/** The definition, from the rows: sessions with an injection after the bound and no use. */
function expected(db: Db, id: number, except: string): { renewedAt: number | null; n: number } {
  const use = db
    .prepare('SELECT renewed_at AS r, decay_reset_at AS d FROM memory_use WHERE observation_id = ?')
    .get(id) as { r: number | null; d: number | null } | undefined;
  const bound = Math.max(use?.d ?? 0, use?.r ?? 0);
  const rows = db
    .prepare('SELECT session_id AS s, at, used_at AS u FROM injections WHERE observation_id = ?')
    .all(id) as Array<{ s: string; at: number; u: number | null }>;
  const sessions = new Set(rows.filter((row) => row.s !== except).map((row) => row.s));
  let n = 0;
  for (const session of sessions) {
    const own = rows.filter((row) => row.s === session);
    if (own.some((row) => row.at > bound) && own.every((row) => row.u === null)) n += 1;
  }
  return { renewedAt: use?.r ?? null, n };
}

test('useStandings counts the unused sessions since the last use and the reset, as defined', (t) => {
  const db = openTestDb(t);
  const next = seededRandom(7);
  const ids = Array.from({ length: 12 }, (_, i) =>
    seedObservation(db, { title: `memory ${i}`, createdAt: 1_000 }),
  );
  for (let s = 0; s < 40; s += 1) {
    const session = `s-${s}`;
    for (const moment of MOMENTS) {
      const shown = ids.filter(() => next() < 0.4);
      recordInjected(db, {
        sessionId: session,
        moment,
        at: 10_000 + s * 1_000 + MOMENTS.indexOf(moment),
        turn: 1,
        items: shown.map((id) => ({ id, tokens: 5 })),
      });
    }
    const used = ids.filter(() => next() < 0.1);
    const at = 10_000 + s * 1_000 + 500;
    recordUse(
      db,
      session,
      used.map((id) => ({ observationId: id, signal: 'file', turn: 2, at, detail: 'a.ts' })),
      next() < 0.5,
    );
  }
  for (const id of ids.filter(() => next() < 0.3)) resetDecay(db, id, 10_000 + 25_000);
  for (const except of ['', 's-3', 's-39']) {
    const standings = useStandings(db, ids, except);
    for (const id of ids) {
      const want = expected(db, id, except);
      const got = standings.get(id);
      if (want.renewedAt === null && want.n === 0) assert.equal(got, undefined, `memory ${id}`);
      else assert.deepEqual(got, { renewedAt: want.renewedAt, unusedSessions: want.n });
    }
  }
  assert.ok(
    ids.some((id) => (useStandings(db, ids).get(id)?.unusedSessions ?? 0) > 0),
    'the ledger has unused sessions to count',
  );
});

test("useStandings reads each memory's injections once (no lookup per injection)", (t) => {
  // The SessionStart context asks for up to 120 memories. A lookup of the memory's injections
  // per injection made that quadratic in the sessions it was shown in (3 s at 338 sessions).
  const db = openTestDb(t);
  const plan = (
    db.prepare(`EXPLAIN QUERY PLAN ${STANDINGS_SQL}`).all({ ids: '[1]', except: '' }) as Array<{
      detail: string;
    }>
  ).map((row) => row.detail);
  assert.equal(plan.filter((line) => / i USING /.test(line)).length, 1, plan.join('\n'));
  assert.equal(plan.filter((line) => /SEARCH \w+ USING INDEX injections/.test(line)).length, 1);
});
