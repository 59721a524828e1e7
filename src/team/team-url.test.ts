import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isPostgresUrl, refusedUrl, shownUrl, splitPassword } from './team-url.ts';

test('a password given as ?password= is split off like one in the user part', () => {
  assert.deepEqual(
    splitPassword('postgres://alice@db.example.com/team?password=s%40cret&sslmode=require'),
    {
      url: 'postgres://alice@db.example.com/team?sslmode=require',
      password: 's@cret',
    },
  );
  assert.deepEqual(splitPassword('postgresql://alice:pw@db/team'), {
    url: 'postgresql://alice@db/team',
    password: 'pw',
  });
});

test('a shown URL never holds a password, and one that does not parse is not shown', () => {
  assert.equal(shownUrl('postgres://alice:pw@db/team?password=pw2'), 'postgres://alice@db/team');
  assert.equal(shownUrl('postgres://alice:pw@[db/team'), '(a URL that does not parse: not shown)');
});

test('only postgres URLs are taken; a refused one is named by its scheme alone', () => {
  assert.equal(isPostgresUrl('postgres://alice@db/team'), true);
  assert.equal(isPostgresUrl('POSTGRESQL://alice@db/team'), true);
  assert.equal(isPostgresUrl('mysql://root:sekrit@db/team'), false);
  assert.equal(refusedUrl('mysql://root:sekrit@db/team'), 'a "mysql:" URL');
  assert.equal(refusedUrl('sekrit-password'), 'a value that is not a URL');
});
