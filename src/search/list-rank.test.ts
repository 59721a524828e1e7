import assert from 'node:assert/strict';
import { test } from 'node:test';
import { insertObservations } from '../../test/helpers/bulk-insert.ts';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { fts5Ranking } from '../../test/helpers/fts5-ranking.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import type { Db } from '../store/index.ts';
import { parseMatch } from './fts-match.ts';
import { buildFtsQuery } from './fts-query.ts';
import { ftsRank } from './fts-search.ts';
import { rankFromLists, readListsNow } from './list-rank.ts';

// Issue 33: bm25 from kept phrase lists must be FTS5's own answer (ids, order and every bit of
// every score) whatever happens to the store between searches: appends, a bulk import, edits,
// deletes, a row inserted under an old id, rows too long to keep.

const CAP = 20_000;
const DEPTH = 40;

const WORDS = ['spool', 'worker', 'parser', 'rename', 'fsync', 'lock', 'queue', 'retry', 'hook'];

/** Rows of varied text: camelCase names, repeated words, phrases, files. */
function seed(db: Db, count: number, salt = 0): void {
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const a = WORDS[(i + salt) % WORDS.length]!;
      const b = WORDS[(i * 7 + salt) % WORDS.length]!;
      seedObservation(db, {
        title: `${a} ${b} rateLimiter ${i % 5 === 0 ? a : ''}`,
        narrative: `the ${b} ${a} writes the file then ${b} again; spoolWriter step ${i}`,
        facts: [`${a} before ${b}`],
        filesRead: [`src/${a}/${b}Queue.ts`],
      });
    }
  })();
}

const fts5 = (db: Db, match: string) => fts5Ranking(db, match, DEPTH);

/** The matches search writes: AND, OR, camelCase splits, prefixes, phrases, rare-and-common. */
const MATCHES = [
  ...['spool', 'spool worker', 'rateLimiter fsync', 'spoolWriter queue retry', 'wor* lock'].flatMap(
    (text) => {
      const query = buildFtsQuery(text)!;
      return [query.all, query.any];
    },
  ),
  '"the file then"',
  '("fsync" OR "rename") AND ("spool" OR "hook")',
  '"spool" "spool"',
];

/** Searches `match` twice (the second search wants its lists) and reads the lists wanted. */
function readFor(db: Db, match: string, cap = CAP): void {
  rankFromLists(db, match, DEPTH, cap);
  rankFromLists(db, match, DEPTH, cap);
  readListsNow(db, cap);
}

function assertSame(db: Db, label: string): void {
  for (const match of MATCHES) {
    let kept = rankFromLists(db, match, DEPTH, CAP);
    if (!kept) {
      readFor(db, match);
      kept = rankFromLists(db, match, DEPTH, CAP);
    }
    assert.ok(kept, `${label}: ${match} is ranked from its lists once they are read`);
    assert.deepEqual(kept, fts5(db, match), `${label}: ${match}`);
  }
}

test('lists rank as FTS5 does, to the bit, through appends, edits, deletes and old ids', (t) => {
  const db = openTestDb(t);
  seed(db, 400);
  assertSame(db, 'first read');
  seed(db, 30, 3);
  assertSame(db, 'after appends');
  insertObservations(
    db,
    Array.from({ length: 50 }, (_, i) => ({
      project: 'alpha',
      type: 'change',
      title: `bulk spool worker ${i}`,
      narrative: 'imported queue rows',
      contentHash: `bulk-${i}`,
      createdAt: 1_800_000_000_000 + i,
    })),
  );
  assertSame(db, 'after a bulk import');
  db.prepare(
    `UPDATE observations SET narrative = narrative || ' spool spool fsync' WHERE id = 7`,
  ).run();
  assertSame(db, 'after an edit');
  db.prepare('DELETE FROM observations WHERE id IN (3, 250)').run();
  assertSame(db, 'after deletes');
  // A row under an old id (a restore): its text may hold any phrase.
  db.prepare(
    `INSERT INTO observations (id, project, type, title, narrative, content_hash, created_at, updated_at)
     VALUES (3, 'alpha', 'change', 'spool spool spool rename', 'restored', 'restored', 1, 1)`,
  ).run();
  assertSame(db, 'after a row under an old id');
});

test('a common phrase is read between searches: until then FTS5 ranks it', async (t) => {
  const db = openTestDb(t);
  // More rows hold "spool" than a search reads in itself (term-lists.ts SMALL).
  seed(db, 400);
  assert.equal(rankFromLists(db, '"spool"', DEPTH, CAP), undefined, 'not read yet');
  for (let i = 0; i < 500 && !rankFromLists(db, '"spool"', DEPTH, CAP); i += 1)
    await new Promise((done) => setImmediate(done));
  assert.deepEqual(rankFromLists(db, '"spool"', DEPTH, CAP), fts5(db, '"spool"'));
});

test('a phrase held by more than the cap, or a row too long to keep, is left to FTS5', (t) => {
  const db = openTestDb(t);
  seed(db, 120);
  readFor(db, '"spool"', 50);
  assert.equal(rankFromLists(db, '"spool"', DEPTH, 50), undefined, 'too common for a cap of 50');
  seedObservation(db, { title: 'giant', narrative: 'lock '.repeat(70_000) });
  readFor(db, '"lock"');
  assert.equal(rankFromLists(db, '"lock"', DEPTH, CAP), undefined, 'a 70,000-word row');
  readFor(db, '"rename"');
  assert.deepEqual(rankFromLists(db, '"rename"', DEPTH, CAP), fts5(db, '"rename"'));
});

test('only the syntax search writes is read; anything else is left to FTS5', () => {
  assert.deepEqual(parseMatch('"a" ("b" OR "c"*) AND "d e"')?.phrases, [
    '"a"',
    '"b"',
    '"c"*',
    '"d e"',
  ]);
  for (const other of ['"a" NOT "b"', 'NEAR("a" "b")', 'title:"a"', 'bare', '"a" OR', '("a"', ''])
    assert.equal(parseMatch(other), undefined, other);
});

test('a common word past the window is ranked exactly once its list is read', (t) => {
  const db = openTestDb(t);
  const oldest = seedObservation(db, { title: 'window window window' });
  db.transaction(() => {
    for (let i = 0; i < 2_100; i += 1)
      seedObservation(db, { title: `plain ${i}`, narrative: 'window' });
  })();
  // Common under a cap of 600: the newest 2,000 matches, with the cut-off, until the list is read.
  const before = ftsRank(db, buildFtsQuery('window')!, {}, 5, { exactCap: 600 });
  assert.ok(before.cutoff !== undefined && !before.hits.some((hit) => hit.id === oldest));
  ftsRank(db, buildFtsQuery('window')!, {}, 5, { exactCap: 600 });
  readListsNow(db, 4 * 600);
  const after = ftsRank(db, buildFtsQuery('window')!, {}, 5, { exactCap: 600 });
  const allTime = ftsRank(db, buildFtsQuery('window')!, {}, 5, { exactCap: 600, allTime: true });
  assert.equal(after.cutoff, undefined);
  assert.equal(after.hits[0]?.id, oldest);
  assert.deepEqual(after.hits, allTime.hits);
});

test('a store the lists cannot read is searched by FTS5 alone', (t) => {
  const db = openTestDb(t);
  seed(db, 50);
  db.exec('DROP TRIGGER observations_epoch_update; DROP TRIGGER observations_epoch_delete;');
  db.exec('DROP TABLE search_epoch');
  for (let i = 0; i < 3; i += 1) assert.equal(rankFromLists(db, '"spool"', DEPTH, CAP), undefined);
  const query = buildFtsQuery('spool')!;
  assert.deepEqual(
    ftsRank(db, query, {}, 5).hits.map((hit) => hit.id),
    fts5(db, '"spool"')
      .slice(0, 5)
      .map((hit) => hit.id),
  );
});
