import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { OBSERVATION_TYPES } from '../domain/index.ts';
import { openDatabase, refreshHorizon, type Db } from '../store/index.ts';
import { boundedCount, termBound } from './fts-exact.ts';
import { buildFtsQuery } from './fts-query.ts';
import { ftsRank, type FtsOptions } from './fts-search.ts';
import { createSearcher } from './search.ts';

// Issue 32: exact top-k past the search horizon, rarest term first. The horizon is lowered
// (the newest 20 rows from 40 on) and so is the rare-term cap (10 holders): the same paths a
// memory of a million rows takes, at test size.
const HORIZON = { rows: 20, from: 40 };
const CAP: FtsOptions = { exactCap: 10 };

function open(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  return db;
}

/** An old decision, then 60 newer rows holding its common words, then the horizon built. */
function seedPastHorizon(db: Db): number {
  const old = seedObservation(db, {
    title: 'Spool writes fsync before rename (kafkaesque torn-file incident)',
    narrative: 'spool reader durability decision: fsync the spool file then rename it',
  });
  for (let i = 0; i < 60; i += 1) {
    seedObservation(db, {
      title: `spool reader change ${i}`,
      narrative: 'the spool reader durability again, fsync and rename of the spool file',
    });
  }
  assert.equal(refreshHorizon(db, HORIZON), 'rebuilt');
  return old;
}

const rank = (db: Db, text: string, options: FtsOptions = CAP) =>
  ftsRank(db, buildFtsQuery(text)!, {}, 5, options);

test('an old memory behind more than a page of newer matches is found by its rare word', (t) => {
  const db = open(t);
  const old = seedPastHorizon(db);
  assert.ok(boundedCount(db, '"spool"', 10) > 10, 'spool is a common word here');
  // Every word held by the old memory (AND), and a paraphrase holding one rare word (OR).
  for (const text of ['kafkaesque spool fsync', 'why do we fsync the spool? kafkaesque outage']) {
    assert.equal(rank(db, text).hits[0]?.id, old, text);
    assert.equal(rank(db, text, { allTime: true }).hits[0]?.id, old, text);
  }
});

test('an AND of fewer matches than a page ranked with its OR part gives the answer ranked apart', (t) => {
  const db = open(t);
  const old = seedPastHorizon(db);
  for (let i = 0; i < 3; i += 1) seedObservation(db, { title: `kafkaesque spool note ${i}` });
  for (let i = 0; i < 2; i += 1) seedObservation(db, { title: `kafkaesque aside ${i}` });
  // Every type: the same rows, but a filter, so the AND and the OR part are ranked apart.
  const apart = { types: [...OBSERVATION_TYPES] };
  for (const text of ['kafkaesque spool fsync', 'kafkaesque spool rename']) {
    const query = buildFtsQuery(text)!;
    const together = ftsRank(db, query, {}, 5, CAP);
    const alone = ftsRank(db, query, apart, 5, CAP);
    assert.equal(together.hits[0]?.id, old, text);
    assert.equal(together.hits[0]?.allTerms, true, text);
    assert.equal(together.hits.length, 5, text);
    assert.deepEqual(
      together.hits.map((hit) => [hit.id, hit.allTerms === true]),
      alone.hits.map((hit) => [hit.id, hit.allTerms === true]),
      text,
    );
    // The same terms in another order: bm25's sum may differ in its last bit, no more.
    together.hits.forEach((hit, i) => {
      const other = alone.hits[i]!.score;
      assert.ok(Math.abs(hit.score - other) <= 1e-12 * Math.abs(other), text);
    });
    assert.deepEqual(together.cutoff, alone.cutoff, text);
  }
});

test('a query of common words only is ranked among the newest and says so; allTime ranks all', (t) => {
  const db = open(t);
  const old = seedPastHorizon(db);
  const newest = rank(db, 'spool fsync durability');
  assert.equal(newest.hits.length, 5);
  assert.ok(!newest.hits.some((hit) => hit.id === old));
  assert.ok(newest.cutoff !== undefined && newest.cutoff.fromId > old, 'the cut-off is said');
  const all = rank(db, 'spool fsync durability', { ...CAP, allTime: true });
  assert.equal(all.cutoff, undefined);
  const exact = rank(db, 'spool fsync durability', { allTime: true });
  assert.deepEqual(all.hits, exact.hits);
});

test('the rare-term ranking is the whole ranking when its k-th score beats the common bound', (t) => {
  const db = open(t);
  seedPastHorizon(db);
  for (const text of ['kafkaesque spool', 'torn kafkaesque reader', 'incident spool fsync']) {
    const exact = rank(db, text, { allTime: true }).hits.slice(0, 1);
    assert.deepEqual(rank(db, text).hits.slice(0, 1), exact, text);
  }
  // A term in more than half the documents adds next to nothing; a rare one much more.
  assert.ok(termBound(1000, 600) < 0.001 && termBound(1000, 11) > 8);
});

test('the searcher carries the cut-off as partial, with when and how to widen', async (t) => {
  const db = open(t);
  seedPastHorizon(db);
  const searcher = createSearcher({ db, mode: 'fts', exactCap: 10 });
  const request = { query: 'spool fsync durability', filters: {}, limit: 5, offset: 0 };
  const partial = await searcher.search(request);
  assert.ok(partial.partial !== undefined && partial.partial.from > 0);
  assert.match(partial.partial.widen, /all-time/);
  const whole = await searcher.search({ ...request, allTime: true });
  assert.equal(whole.partial, undefined);
});
