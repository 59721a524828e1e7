import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { OBSERVATION_TYPES } from '../domain/index.ts';
import { openDatabase, type Db } from '../store/index.ts';
import { boundedCount } from './fts-exact.ts';
import { buildFtsQuery } from './fts-query.ts';
import { ftsRank } from './fts-search.ts';

// Issue 33: the index ranks its best matches alone before the filter is read, and term counts
// are kept between searches. Neither may change an answer.

function open(t: TestContext, file = join(tempDir(t), 'claude-mem.db')): Db {
  const db = openDatabase(file);
  t.after(() => db.close());
  return db;
}

/**
 * 600 rows of `big` that say `relay` in their title (they rank first) and 600 of `mid` that say
 * it once in their narrative: each project holds half the memory, more than a row-driven search.
 */
function seedTwoProjects(db: Db): void {
  db.transaction(() => {
    for (let i = 0; i < 600; i += 1) {
      seedObservation(db, { project: 'big', title: `relay relay hop ${i}`, narrative: 'relay' });
      seedObservation(db, {
        project: 'mid',
        title: `quiet row ${i}`,
        narrative: `a long narrative of words about row ${i} and, once, a relay`,
      });
    }
  })();
}

const search = (db: Db, text: string, filters: Parameters<typeof ftsRank>[2]) =>
  ftsRank(db, buildFtsQuery(text)!, filters, 5).hits;

test('a project whose matches all rank below the best ones gets the same page as before', (t) => {
  const db = open(t);
  seedTwoProjects(db);
  const mids = new Set(
    db.prepare("SELECT id FROM observations WHERE project = 'mid'").pluck().all() as number[],
  );
  // Every type: the same rows, but no longer a project alone (no probe of the best matches).
  const unprobed = { project: 'mid', types: [...OBSERVATION_TYPES] };
  for (const text of ['relay', 'relay hop', 'relay words']) {
    const hits = search(db, text, { project: 'mid' });
    assert.equal(hits.length, 5, text);
    assert.ok(
      hits.every((hit) => mids.has(hit.id)),
      text,
    );
    assert.deepEqual(hits, search(db, text, unprobed), text);
  }
});

test('a project that holds the best matches gets the same page as every match filtered', (t) => {
  const db = open(t);
  seedTwoProjects(db);
  const unprobed = { project: 'big', types: [...OBSERVATION_TYPES] };
  for (const text of ['relay', 'hop 17', 'relay quiet']) {
    const hits = search(db, text, { project: 'big' });
    assert.ok(hits.length > 0, text);
    assert.deepEqual(hits, search(db, text, unprobed), text);
  }
});

test('under no filter a page the probe leaves short is every match, ranked as all time ranks', (t) => {
  const db = open(t);
  seedTwoProjects(db);
  db.transaction(() => {
    seedObservation(db, { project: 'big', title: 'okapi sighting', narrative: 'relay' });
    seedObservation(db, { project: 'mid', title: 'an okapi at the relay', narrative: 'okapi' });
    seedObservation(db, { project: 'mid', title: 'quiet okapi', narrative: 'okapi okapi' });
  })();
  for (const text of ['okapi', 'okapi relay', 'okapi sighting']) {
    const query = buildFtsQuery(text)!;
    const hits = ftsRank(db, query, {}, 5).hits;
    const every = ftsRank(db, query, {}, 5, { allTime: true }).hits;
    assert.ok(hits.length > 0, text);
    assert.deepEqual(hits, every, text);
  }
  const matches = ftsRank(db, buildFtsQuery('okapi')!, {}, 5).hits;
  assert.equal(matches.length, 3);
});

test('a kept term count follows writes on this connection and commits on another', (t) => {
  const file = join(tempDir(t), 'claude-mem.db');
  const db = open(t, file);
  assert.equal(boundedCount(db, '"zebra"', 10), 0);
  const first = seedObservation(db, { title: 'zebra crossing' });
  seedObservation(db, { title: 'zebra stripes' });
  assert.equal(boundedCount(db, '"zebra"', 10), 2);
  db.prepare('DELETE FROM observations WHERE id = ?').run(first);
  assert.equal(boundedCount(db, '"zebra"', 10), 1);
  const other = open(t, file);
  seedObservation(other, { title: 'a zebra elsewhere' });
  assert.equal(boundedCount(db, '"zebra"', 10), 2);
});

test('a count read inside a transaction that rolls back is not kept', (t) => {
  const db = open(t);
  seedObservation(db, { title: 'okapi sighting' });
  const rolledBack = db.transaction(() => {
    seedObservation(db, { title: 'okapi again' });
    assert.equal(boundedCount(db, '"okapi"', 10), 2);
    throw new Error('roll back');
  });
  assert.throws(rolledBack, /roll back/);
  assert.equal(boundedCount(db, '"okapi"', 10), 1);
});
