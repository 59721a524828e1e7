// The full-text and recent-list queries as the searcher runs them, EXPLAINed on a real database:
// at a million observations a plan that reads all of observations, or scores every match,
// costs hundreds of milliseconds, so a change of query or index that brings one back fails here.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { planOf, recordQueries, scansObservations } from '../../test/helpers/query-plans.ts';
import { insertObservations } from '../../test/helpers/bulk-insert.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import type { Db } from '../store/index.ts';
import type { SearchFilters } from './filters.ts';
import { buildFtsQuery } from './fts-query.ts';
import { ftsSearch, recentIds } from './fts-search.ts';

function seeded(t: TestContext, analyzed: boolean): Db {
  const db = openTestDb(t);
  db.prepare(
    `INSERT INTO sessions (id, session_id, project, project_root, cwd, started_at, updated_at)
     VALUES (1, 's1', 'app', '/app', '/app', 0, 0)`,
  ).run();
  const words = ['spool', 'worker', 'parser', 'migration', 'token', 'vector'];
  insertObservations(
    db,
    Array.from({ length: 3000 }, (_, i) => ({
      project: i % 3 === 0 ? `small-${i % 10}` : 'big',
      sessionRowId: i % 7 === 0 ? 1 : null,
      type: i % 3 === 0 ? 'bugfix' : 'change',
      title: `${words[i % 6]} ${words[(i * 5) % 6]} number ${i}`,
      narrative: `the ${words[(i * 7) % 6]} changed`,
      concepts: [words[i % 6]!],
      contentHash: `h${i}`,
      createdAt: 1_000_000 + i * 60_000,
    })),
  );
  // PRAGMA optimize (which the worker runs) may ANALYZE: plans must hold with statistics too.
  if (analyzed) db.exec('ANALYZE');
  return db;
}

const END = 1_000_000 + 3000 * 60_000;
const HOUR = 3_600_000;

/** Filters whose indexed part (project, time, session) holds many rows: text-driven. */
const WIDE: Record<string, SearchFilters> = {
  none: {},
  project: { project: 'big' },
  'project and time': { project: 'big', since: 1_500_000, until: END - HOUR },
  time: { since: 1_500_000 },
  'project and type': { project: 'big', types: ['bugfix'] },
  concept: { project: 'big', concepts: ['spool'] },
};

/** Filters whose indexed part holds a few rows (at most FEW_IN_SCOPE): row-driven. */
const NARROW: Record<string, SearchFilters> = {
  'small project': { project: 'small-3' },
  'last hours': { project: 'big', since: END - 5 * HOUR },
  'an old day': { since: END - 30 * HOUR, until: END - 26 * HOUR },
  session: { sessionId: 's1' },
};

const FILTERS = { ...WIDE, ...NARROW };

for (const analyzed of [false, true]) {
  const state = analyzed ? 'with statistics' : 'without statistics';

  test(`full-text search never reads all of observations, ${state}`, (t) => {
    const raw = seeded(t, analyzed);
    const { db, ran } = recordQueries(raw);
    const wide = new Set<number>();
    for (const [name, filters] of Object.entries(FILTERS)) {
      const from = ran.length;
      ftsSearch(db, buildFtsQuery('spool nosuchword')!, filters, 21);
      if (name in WIDE) for (let i = from; i < ran.length; i += 1) wide.add(i);
    }
    const plans = ran.map((query) => planOf(raw, query));
    assert.deepEqual(
      plans.flat().filter((line) => scansObservations(line)),
      [],
    );
    // The statements that rank (bm25): the rare-term counts before them only count matches.
    const ranking = ran.flatMap((query, i) => (/bm25/.test(query.sql) ? [i] : []));
    assert.ok(ranking.length >= Object.keys(FILTERS).length);
    for (const i of ranking.filter((index) => wide.has(index))) {
      // The match walks the full-text index and seeks each row by id: a window's order comes
      // from the index (no sort before it is cut); a whole ranking sorts only the few matches
      // of a rare term (src/search/fts-exact.ts).
      const plan = plans[i]!.join('\n');
      assert.match(plan, /SCAN observations_fts VIRTUAL TABLE INDEX \d+:M/);
      // A phrase list's read (src/search/term-lists.ts) ranks the index alone, by rowid range.
      if (/\bobservations o\b/.test(ran[i]!.sql))
        assert.match(plan, /SEARCH o USING INTEGER PRIMARY KEY/);
    }
    for (const i of ranking.filter((index) => !wide.has(index))) {
      // The few rows in scope come by index and are each probed in the full-text index.
      assert.match(plans[i]![0]!, /^SEARCH o USING .*INDEX observations_by_(project|time|session)/);
      assert.match(plans[i]!.join('\n'), /SCAN observations_fts VIRTUAL TABLE INDEX \d+:=M/);
    }
  });

  test(`a search without words reads the newest rows by index, ${state}`, (t) => {
    const raw = seeded(t, analyzed);
    const { db, ran } = recordQueries(raw);
    for (const filters of Object.values(WIDE)) recentIds(db, filters, 21);
    const plans = ran.map((query) => planOf(raw, query));
    // An unfiltered list walks the time index in order and stops at the limit.
    const ordered = /^SCAN o USING COVERING INDEX observations_by_time$/;
    assert.deepEqual(
      plans
        .flat()
        .filter(
          (line) => (scansObservations(line) && !ordered.test(line)) || /TEMP B-TREE/.test(line),
        ),
      [],
    );
    assert.match(plans[1]!.join('\n'), /SEARCH o USING .*INDEX observations_by_project/);
    assert.match(plans[3]!.join('\n'), /SEARCH o USING .*INDEX observations_by_time/);
  });
}
