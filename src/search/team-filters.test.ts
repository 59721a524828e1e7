import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import { feedPage, type Db } from '../store/index.ts';
import { buildFtsQuery } from './fts-query.ts';
import { ftsSearch, recentIds } from './fts-search.ts';
import type { SearchFilters } from './filters.ts';

/** Mine private, mine shared, alice's and bob's (as pulled): all about the login cookie. */
function seed(db: Db) {
  const add = (title: string, scope: string, author: string | null) => {
    const id = seedObservation(db, { title: `login cookie ${title}` });
    db.prepare('UPDATE observations SET scope = ?, author = ? WHERE id = ?').run(scope, author, id);
    return id;
  };
  return {
    mine: add('mine', 'private', null),
    shared: add('shared', 'team', null),
    alice: add('alice', 'team', 'Alice'),
    bob: add('bob', 'team', 'bob'),
  };
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const words = (db: Db, filters: SearchFilters) =>
  sorted(ftsSearch(db, buildFtsQuery('login cookie')!, filters, 20).map((hit) => hit.id));
const recent = (db: Db, filters: SearchFilters) =>
  sorted(recentIds(db, filters, 20).map((hit) => hit.id));

test('--author picks one teammate (any case); me picks what was written here', (t) => {
  const db = openTestDb(t);
  const ids = seed(db);
  assert.deepEqual(words(db, { author: 'alice' }), [ids.alice]);
  assert.deepEqual(words(db, { author: 'ALICE' }), [ids.alice]);
  assert.deepEqual(recent(db, { author: 'me' }), [ids.mine, ids.shared]);
  assert.deepEqual(words(db, { author: 'carol' }), []);
});

test('--scope private or team, alone or with an author', (t) => {
  const db = openTestDb(t);
  const ids = seed(db);
  assert.deepEqual(words(db, { scope: 'private' }), [ids.mine]);
  assert.deepEqual(recent(db, { scope: 'team' }), [ids.shared, ids.alice, ids.bob]);
  assert.deepEqual(words(db, { scope: 'team', author: 'me' }), [ids.shared]);
  assert.deepEqual(words(db, {}), [ids.mine, ids.shared, ids.alice, ids.bob]);
});

test('the feed filters by author and scope too, and then shows no prompts', (t) => {
  const db = openTestDb(t);
  const ids = seed(db);
  db.prepare(
    `INSERT INTO sessions (id, session_id, project, project_root, cwd, started_at, updated_at)
     VALUES (1, 's1', 'alpha', '/r', '/r', 1, 1)`,
  ).run();
  db.prepare(
    `INSERT INTO prompts (event_uid, session_id, project, prompt_number, text, created_at)
     VALUES ('e1', 1, 'alpha', 1, 'a prompt', 2)`,
  ).run();
  const page = (filter: { author?: string; scope?: 'private' | 'team' }) =>
    feedPage(db, { kinds: ['observation', 'summary', 'prompt'], ...filter }, undefined, 50)
      .items.map((item) => `${item.kind}:${item.id}`)
      .sort();
  assert.deepEqual(page({ author: 'bob' }), [`observation:${ids.bob}`]);
  assert.deepEqual(page({ scope: 'private' }), [`observation:${ids.mine}`]);
  assert.equal(page({}).filter((key) => key.startsWith('prompt:')).length, 1);
});
