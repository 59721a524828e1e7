import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { fts5Ranking } from '../../test/helpers/fts5-ranking.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import type { Db } from '../store/index.ts';
import { buildFtsQuery } from './fts-query.ts';
import { ftsRank } from './fts-search.ts';
import { indexTerms, phraseKey, termPhrase, tokensOf } from './fts-tokens.ts';
import { rankFromLists, readingLists, readListsNow, readListsWhileIdle } from './list-rank.ts';

// Issue 33: the first search of a word no longer waits for FTS5 to score every document
// holding it. The index's common terms are read ahead once lists begin, a rare phrase is read by
// the search that first needs it, and the surface forms of one stemmed token share its list;
// every answer still FTS5's, to the bit.

const CAP = 20_000;
const DEPTH = 40;

const fts5 = (db: Db, match: string) => fts5Ranking(db, match, DEPTH);

/** 400 rows: common words in most of them, `kafkaesque` in three, migrations in many forms. */
function seed(db: Db): void {
  const common = ['spool', 'worker', 'queue', 'parser'];
  const forms = ['migration', 'Migrations', 'migrating', 'MIGRATED'];
  db.transaction(() => {
    for (let i = 0; i < 400; i += 1) {
      seedObservation(db, {
        title: `${common[i % 4]} ${common[(i * 3 + 1) % 4]} ${forms[i % 4]} note ${i}`,
        narrative: `the ${common[(i + 2) % 4]} ran ${i % 7 === 0 ? 'twice' : 'once'}${
          i % 150 === 0 ? ' kafkaesque' : ''
        }`,
        facts: [`${forms[(i + 1) % 4]} step ${i % 13}`],
      });
    }
  })();
}

test("a phrase's key is its token's phrase: the index's own tokenizer, stem and case", (t) => {
  const db = openTestDb(t);
  seed(db);
  assert.deepEqual(tokensOf(db, 'Migrations of rateLimiter'), ['migrat', 'of', 'ratelimit']);
  for (const form of ['"migration"', '"Migrations"', '"MIGRATED"', '"migrating"'])
    assert.equal(phraseKey(db, form), '"migrat"', form);
  // Several tokens, a prefix, a token whose own phrase stems again: each its own key.
  for (const phrase of ['"the file then"', '"migra"*', '"database"'])
    assert.equal(phraseKey(db, phrase), phrase, phrase);
  assert.equal(termPhrase(db, 'databas'), undefined, 'databas stems to databa');
  const terms = indexTerms(db, '', 1000)!;
  assert.ok(terms.some((row) => row.term === 'migrat' && row.doc === 400));
  assert.deepEqual(
    indexTerms(db, 'spool', 1000)!.map((row) => row.term),
    terms.map((row) => row.term).filter((term) => term > 'spool'),
  );
});

test('a plain word that is a known token is keyed without the tokenizer', (t) => {
  const db = openTestDb(t);
  seed(db);
  assert.equal(termPhrase(db, 'queue'), '"queue"');
  // The tokenizer can no longer answer: a known token's key is still found, as written.
  db.exec('DROP TABLE temp.claude_mem_tokens_terms');
  assert.equal(phraseKey(db, '"QUEUE"'), '"queue"');
  assert.equal(phraseKey(db, '"queues"'), '"queues"');
});

test("the index's common terms are read ahead: a first search of one is ranked from lists", (t) => {
  const db = openTestDb(t);
  seed(db);
  // Any search begins the lists; the steps between requests then read ahead.
  assert.equal(rankFromLists(db, '"once"', DEPTH, CAP), undefined);
  readListsNow(db, CAP);
  for (const match of ['"queue"', '"Migrations" "parser"', '"worker" OR "MIGRATED"']) {
    assert.deepEqual(rankFromLists(db, match, DEPTH, CAP), fts5(db, match), match);
  }
  // Under a cap of 320 a term held by all 400 documents is left to FTS5; one held by 300 is read.
  const small = openTestDb(t);
  seed(small);
  rankFromLists(small, '"once"', DEPTH, 320);
  readListsNow(small, 320);
  assert.equal(rankFromLists(small, '"note"', DEPTH, 320), undefined);
  assert.deepEqual(rankFromLists(small, '"queue"', DEPTH, 320), fts5(small, '"queue"'));
});

test('a rare phrase is read by the search that first needs it', (t) => {
  const db = openTestDb(t);
  seed(db);
  assert.deepEqual(rankFromLists(db, '"kafkaesque"', DEPTH, CAP), fts5(db, '"kafkaesque"'));
  assert.equal(rankFromLists(db, '"kafkaesque"', DEPTH, CAP)!.length, 3);
  // Nothing holds it: nothing kept, and FTS5 answers the search.
  assert.equal(rankFromLists(db, '"zyzzyva"', DEPTH, CAP), undefined);
});

test('a search answered from the lists is the one FTS5 gives, with and without a filter', (t) => {
  const [db, plain] = [openTestDb(t), openTestDb(t)];
  for (const each of [db, plain]) {
    seed(each);
    seedObservation(each, { project: 'other', title: 'kafkaesque spool elsewhere' });
  }
  // A store whose lists cannot be read (list-rank.ts): FTS5 ranks all of its searches.
  plain.exec(`DROP TRIGGER observations_epoch_update; DROP TRIGGER observations_epoch_delete;
    DROP TABLE search_epoch`);
  rankFromLists(db, '"once"', DEPTH, CAP);
  readListsNow(db, CAP);
  for (const text of ['kafkaesque spool', 'Migrations queue', 'worker kafkaesque twice']) {
    for (const filters of [{}, { project: 'alpha' }]) {
      const label = `${text} ${JSON.stringify(filters)}`;
      const query = buildFtsQuery(text)!;
      const listed = ftsRank(db, query, filters, 5);
      const fts = ftsRank(plain, query, filters, 5);
      assert.equal(listed.cutoff, undefined, label);
      const shape = (hits: typeof listed.hits) => hits.map((hit) => [hit.id, hit.allTerms]);
      assert.deepEqual(shape(listed.hits), shape(fts.hits), label);
      // Ranked together with the OR part, FTS5 may add the same parts in another order.
      listed.hits.forEach((hit, i) => {
        const other = fts.hits[i]!.score;
        assert.ok(Math.abs(hit.score - other) <= 1e-12 * Math.abs(other), label);
      });
    }
  }
});

test("a project holding every observation keeps the lists' page; another project's row is still filtered out", (t) => {
  const db = openTestDb(t);
  // More rows than FEW_IN_SCOPE (fts-search.ts): the project is searched by the probe, not row by row.
  seed(db);
  seed(db);
  rankFromLists(db, '"once"', DEPTH, CAP);
  readListsNow(db, CAP);
  const query = buildFtsQuery('kafkaesque spool')!;
  const ids = (filters: { project?: string }) =>
    ftsRank(db, query, filters, 5).hits.map((hit) => hit.id);
  assert.deepEqual(ids({ project: 'alpha' }), ids({}));
  // Another project's best match, and its count hidden by raw SQL: the filter reads the rows.
  const other = seedObservation(db, { project: 'other', title: 'kafkaesque kafkaesque spool' });
  db.exec(`UPDATE observation_counts SET n = 0 WHERE project = 'other'`);
  assert.equal(ids({})[0], other);
  assert.ok(!ids({ project: 'alpha' }).includes(other));
  assert.deepEqual(
    ids({ project: 'alpha' }).slice(0, 4),
    ids({}).filter((id) => id !== other),
  );
});

test("a server's lists are read from its start, each step paced as the hooks allow", async (t) => {
  const db = openTestDb(t);
  seed(db);
  const worked: number[] = [];
  readListsWhileIdle(db, CAP, async (ms) => {
    worked.push(ms);
    await new Promise((done) => setTimeout(done, 1));
  });
  // No search begins the lists: the reading ahead does, step by paced step, until it ends.
  assert.ok(readingLists(db), 'the reading did not begin with the server');
  for (let waited = 0; readingLists(db); waited += 10) {
    assert.ok(waited < 120_000, `the reading did not finish: ${worked.length} steps`);
    await new Promise((done) => setTimeout(done, 10));
  }
  // Held by more than SMALL documents, so a first search finds its list only if read ahead.
  const held = db
    .prepare(`SELECT count(*) FROM observations_fts WHERE observations_fts MATCH '"queue"'`)
    .pluck()
    .get() as number;
  assert.ok(held > 256, String(held));
  assert.deepEqual(rankFromLists(db, '"queue"', DEPTH, CAP), fts5(db, '"queue"'));
  assert.ok(worked.length > 0 && worked.every((ms) => ms >= 0), String(worked));
});
