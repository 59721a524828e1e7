// Property-based fuzzing of the FTS query builder (src/search/fts-query.ts) against the real
// FTS5 index of a migrated database: whatever a user types, the query it builds runs, and FTS5
// syntax in user text is plain text. Fixed seed, bounded.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import fc from 'fast-check';
import { buildFtsQuery, ftsSearch } from '../../src/search/index.ts';
import { type Db } from '../../src/store/index.ts';
import { anyText, fuzzOptions, textOf } from '../helpers/fuzz.ts';
import { seedObservation } from '../helpers/seed-memory.ts';
import { openTestDb } from '../helpers/test-db.ts';

/** FTS5 syntax and the words around it: operators, groups, column filters, prefixes, quotes. */
const FTS_PIECES = [
  'AND',
  'OR',
  'NOT',
  'NEAR',
  'NEAR(',
  'NEAR/2',
  '(',
  ')',
  '"',
  '""',
  '*',
  '^',
  '+',
  '-',
  ':',
  'title:',
  'narrative:',
  '{title narrative}:',
  '{',
  '}',
  'spool',
  'worker',
  'reader',
  'migration',
  'the',
  "it's",
  'x*',
  '*x',
  'a.b',
  'café',
  'naïve',
  '数据库',
  '\u0000',
  '\u200b',
  '\ud800',
  ' ',
];

function openSeeded(t: TestContext): Db {
  const db = openTestDb(t);
  const titles = ['spool reader rewrite', 'worker migration fails', 'café naïve 数据库 search'];
  for (const title of titles) seedObservation(db, { title, narrative: `${title} narrative` });
  return db;
}

const queryText = fc.oneof(anyText(300), textOf(FTS_PIECES, 30));

test('any user text builds a query that FTS5 runs without a syntax error', (t) => {
  const db = openSeeded(t);
  fc.assert(
    fc.property(queryText, (text) => {
      const query = buildFtsQuery(text);
      assert.ok(Array.isArray(query === undefined ? [] : ftsSearch(db, query, {}, 20)));
    }),
    fuzzOptions(3000),
  );
});

test('every term is one quoted FTS5 string or two in a group; the counts stay bounded', () => {
  // A camelCase word is `("rateLimiter" OR "rate Limiter")` (src/search/fts-query.ts).
  const quoted = String.raw`"(?:[^"]|"")*"\*?`;
  const term = new RegExp(`^(?:${quoted}|\\(${quoted} OR ${quoted}\\))$`);
  fc.assert(
    fc.property(queryText, (text) => {
      const query = buildFtsQuery(text) ?? { all: '', any: '', terms: [] };
      const anyTerms = query.any === '' ? [] : query.any.split(' OR ');
      assert.deepEqual(
        [...query.terms, ...anyTerms].filter((part) => !term.test(part)),
        [],
      );
      assert.ok(query.terms.length <= 24 && anyTerms.length <= 48);
    }),
    fuzzOptions(3000),
  );
});

test('a word stored in a title is found by searching for it, alone or among FTS5 syntax', (t) => {
  const db = openSeeded(t);
  const word = fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
    minLength: 4,
    maxLength: 12,
  });
  const syntax = fc.constantFrom('', 'AND', 'OR', 'NOT', '(', ')', 'title:', '^', '-', '+');
  fc.assert(
    fc.property(word, syntax, syntax, (w, before, after) => {
      const id = seedObservation(db, { title: `zz ${w} zz` });
      const hits = ftsSearch(db, buildFtsQuery(`${before} ${w} ${after}`)!, {}, 50);
      assert.ok(
        hits.some((hit) => hit.id === id),
        `"${w}" not found`,
      );
    }),
    fuzzOptions(500),
  );
});
