import assert from 'node:assert/strict';
import { test } from 'node:test';
import { filePatterns, filterSql } from './filters.ts';

test('a relative path matches itself, the absolute path under the root, any worktree and folders', () => {
  assert.deepEqual(filePatterns('src/a.ts', '/repo'), {
    equal: ['/repo/src/a.ts', 'src/a.ts'],
    like: ['%/src/a.ts', 'src/a.ts/%', '%/src/a.ts/%', '/repo/src/a.ts/%'],
  });
});

test('an absolute path under the root also matches its relative form; elsewhere only itself', () => {
  assert.deepEqual(filePatterns('/repo/src/a.ts', '/repo').equal, ['/repo/src/a.ts', 'src/a.ts']);
  assert.deepEqual(filePatterns('/other/a.ts', '/repo'), {
    equal: ['/other/a.ts'],
    like: ['/other/a.ts/%'],
  });
});

test('./ and trailing slashes are dropped; LIKE wildcards in a path are escaped', () => {
  assert.deepEqual(filePatterns('./src/', undefined).equal, ['src']);
  assert.deepEqual(filePatterns('a_b%.ts', undefined).like[0], '%/a\\_b\\%.ts');
});

test('filterSql joins the filters present with AND and passes lists as JSON', () => {
  assert.deepEqual(filterSql({}), { sql: '1', params: {} });
  const where = filterSql({ project: 'p', types: ['bugfix'], since: 5, sessionId: 's' });
  assert.equal(where.sql.split(' AND ').length >= 4, true);
  assert.deepEqual(where.params, { project: 'p', types: '["bugfix"]', since: 5, sessionId: 's' });
  assert.deepEqual(filterSql({ types: [] }), { sql: '1', params: {} });
});
