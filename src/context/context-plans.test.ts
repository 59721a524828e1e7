// The SessionStart context's queries as buildContext runs them, EXPLAINed on a real database: it
// must read only what it shows (pinned and newest rows by index, each query with its LIMIT, the
// total from the per-project counts), so its time does not grow with the memory.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { planOf, recordQueries, scansObservations } from '../../test/helpers/query-plans.ts';
import { seedSession, seedSummary, seedTurn } from '../../test/helpers/seed-memory.ts';
import { insertObservations } from '../../test/helpers/bulk-insert.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import type { Db } from '../store/index.ts';
import { buildContext } from './build-context.ts';
import type { SessionSource } from '../domain/index.ts';

const NOW = 1_000_000 + 3000 * 60_000;

function seeded(t: TestContext, analyzed: boolean): Db {
  const db = openTestDb(t);
  const session = seedSession(db, 's1', 'big');
  seedSummary(db, {
    sessionRowId: session,
    project: 'big',
    request: 'the last turn',
    createdAt: NOW - 7_200_000,
  });
  seedTurn(db, session, NOW - 3_600_000);
  insertObservations(
    db,
    Array.from({ length: 3000 }, (_, i) => ({
      project: i % 3 === 0 ? `small-${i % 10}` : 'big',
      type: i % 3 === 0 ? 'bugfix' : 'change',
      title: `observation number ${i}`,
      contentHash: `h${i}`,
      pinned: i % 97 === 0,
      createdAt: 1_000_000 + i * 60_000,
    })),
  );
  if (analyzed) db.exec('ANALYZE');
  return db;
}

const SOURCES: SessionSource[] = ['startup', 'resume', 'compact'];

for (const analyzed of [false, true]) {
  const state = analyzed ? 'with statistics' : 'without statistics';

  test(`the context reads observations by index, a limit on each read, ${state}`, (t) => {
    const raw = seeded(t, analyzed);
    const { db, ran } = recordQueries(raw);
    for (const source of SOURCES) {
      const built = buildContext(
        db,
        { project: 'big', sessionId: 's1', source, now: NOW },
        { maxTokens: 1500, maxObservations: 30 },
      );
      assert.ok(built.observations > 0, source);
    }
    const plans = ran.map((query) => planOf(raw, query));
    assert.deepEqual(
      plans
        .flat()
        .filter(
          (line) => scansObservations(line) || /^SCAN (summaries|turns|prompts)\b/.test(line),
        ),
      [],
    );
    const reads = ran.filter((query) => /FROM observations\b/.test(query.sql));
    // Every read of observations has a limit, except the resume's count of what is new since
    // the session last answered (a short time range, by index).
    const unbounded = reads.filter((query) => !/LIMIT/.test(query.sql));
    assert.deepEqual(
      unbounded.map((query) => planOf(raw, query)),
      [
        [
          'SEARCH observations USING COVERING INDEX observations_by_project (project=? AND created_at>?)',
        ],
      ],
    );
    assert.ok(ran.some((query) => /FROM observation_counts/.test(query.sql)));
  });
}
