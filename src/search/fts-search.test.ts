import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedObservation, seedSession } from '../../test/helpers/seed-memory.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import { type Db } from '../store/index.ts';
import type { SearchFilters } from './filters.ts';
import { buildFtsQuery } from './fts-query.ts';
import { ftsRank, ftsSearch, RANK_WINDOW, recentIds } from './fts-search.ts';

const ids = (
  db: Db,
  text: string,
  filters: SearchFilters = {},
  limit = 10,
  root?: string,
): number[] => ftsSearch(db, buildFtsQuery(text)!, filters, limit, root).map((hit) => hit.id);

test('a word in the title ranks above the same word in the subtitle, facts, then narrative', (t) => {
  const db = openTestDb(t);
  const narrative = seedObservation(db, { title: 'one', narrative: 'the tokenizer was slow' });
  const facts = seedObservation(db, { title: 'two', facts: ['tokenizer is slow'] });
  const subtitle = seedObservation(db, { title: 'three', subtitle: 'tokenizer' });
  const title = seedObservation(db, { title: 'tokenizer rewrite' });
  const ranked = ids(db, 'tokenizer');
  assert.equal(ranked[0], title);
  assert.equal(ranked.at(-1), narrative);
  assert.deepEqual(new Set(ranked.slice(1, 3)), new Set([subtitle, facts]));
});

test('observations matching every word come first, then those matching any', (t) => {
  const db = openTestDb(t);
  const one = seedObservation(db, { title: 'spool spool spool spool' });
  const both = seedObservation(db, { title: 'spool reader' });
  assert.deepEqual(ids(db, 'spool reader'), [both, one]);
  assert.deepEqual(ids(db, 'spool reader', {}, 1), [both]);
});

test('filters: project, type, concept, date range and session', (t) => {
  const db = openTestDb(t);
  const a = seedObservation(db, {
    title: 'cache a',
    type: 'bugfix',
    concepts: ['Caching'],
    createdAt: 1000,
    sessionRowId: seedSession(db, 's1'),
  });
  const b = seedObservation(db, { title: 'cache b', type: 'feature', createdAt: 2000 });
  const c = seedObservation(db, { title: 'cache c', project: 'beta', createdAt: 3000 });
  assert.deepEqual(ids(db, 'cache', { project: 'alpha' }).sort(), [a, b]);
  assert.deepEqual(ids(db, 'cache', { types: ['feature', 'decision'] }), [b]);
  assert.deepEqual(ids(db, 'cache', { concepts: ['caching'] }), [a]);
  assert.deepEqual(ids(db, 'cache', { since: 1500, until: 2500 }), [b]);
  assert.deepEqual(ids(db, 'cache', { sessionId: 's1' }), [a]);
  assert.deepEqual(ids(db, 'cache', { sessionId: 'nope' }), []);
  assert.deepEqual(ids(db, 'cache', { project: 'beta' }), [c]);
});

test('a file filter matches absolute paths, paths relative to the root, other worktrees and folders', (t) => {
  const db = openTestDb(t);
  const abs = seedObservation(db, { title: 'f abs', filesRead: ['/repo/src/a.ts'] });
  const rel = seedObservation(db, { title: 'f rel', filesModified: ['src/a.ts'] });
  const tree = seedObservation(db, { title: 'f tree', filesRead: ['/repo-wt/src/a.ts'] });
  const other = seedObservation(db, { title: 'f other', filesRead: ['/repo/src/ab.ts'] });
  const all = [abs, rel, tree].sort();
  assert.deepEqual(ids(db, 'f', { files: ['src/a.ts'] }, 10, '/repo').sort(), all);
  assert.deepEqual(ids(db, 'f', { files: ['/repo/src/a.ts'] }, 10, '/repo').sort(), all);
  assert.deepEqual(ids(db, 'f', { files: ['./src/a.ts'] }).sort(), all);
  assert.deepEqual(
    ids(db, 'f', { files: ['/repo/src'] }, 10, '/repo').sort(),
    [abs, rel, tree, other].sort(),
  );
  assert.deepEqual(ids(db, 'f', { files: ['src/a%'] }, 10, '/repo'), []);
});

test('malformed JSON in a list column does not break filtering', (t) => {
  const db = openTestDb(t);
  const id = seedObservation(db, { title: 'broken lists' });
  db.prepare("UPDATE observations SET concepts = 'not json', files_read = '[' WHERE id = ?").run(
    id,
  );
  assert.deepEqual(ids(db, 'broken', { concepts: ['x'], files: ['a.ts'] }), []);
  assert.deepEqual(ids(db, 'broken'), [id]);
});

test('recentIds lists the newest first under the filters', (t) => {
  const db = openTestDb(t);
  const old = seedObservation(db, { title: 'old', createdAt: 1000 });
  const fresh = seedObservation(db, { title: 'fresh', createdAt: 2000 });
  seedObservation(db, { title: 'elsewhere', project: 'beta', createdAt: 3000 });
  assert.deepEqual(
    recentIds(db, { project: 'alpha' }, 10).map((hit) => hit.id),
    [fresh, old],
  );
});

test('a rare term ranks every match; a common one the newest RANK_WINDOW, with the cut-off', (t) => {
  const db = openTestDb(t);
  const oldest = seedObservation(db, { title: 'window window window' });
  db.transaction(() => {
    for (let i = 0; i < RANK_WINDOW; i += 1)
      seedObservation(db, { title: `plain ${i}`, narrative: 'window' });
  })();
  const best = seedObservation(db, { title: 'window window' });
  // 2,002 holders: rare under the default cap, so the whole index is ranked.
  assert.deepEqual(ids(db, 'window', {}, 2), [oldest, best]);
  // Common under a cap of 100: the newest 2,000 matches, and the answer says where it stopped.
  const common = ftsRank(db, buildFtsQuery('window')!, {}, 5, { exactCap: 100 });
  assert.equal(common.hits[0]?.id, best);
  assert.equal(
    common.hits.some((hit) => hit.id === oldest),
    false,
  );
  assert.ok(common.cutoff !== undefined && common.cutoff.fromId > oldest);
  const all = ftsRank(db, buildFtsQuery('window')!, {}, 5, { exactCap: 100, allTime: true });
  assert.equal(all.hits[0]?.id, oldest);
  assert.equal(all.cutoff, undefined);
});
