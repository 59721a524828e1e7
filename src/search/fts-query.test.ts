import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import { type Db } from '../store/index.ts';
import { buildFtsQuery, MAX_QUERY_CHARS } from './fts-query.ts';

const match = (db: Db, query: string): number[] =>
  db
    .prepare('SELECT rowid FROM observations_fts WHERE observations_fts MATCH ? ORDER BY rowid')
    .pluck()
    .all(query) as number[];

test('every word becomes a quoted FTS string, joined with AND and with OR', () => {
  assert.deepEqual(buildFtsQuery('spool reader'), {
    all: '"spool" "reader"',
    any: '"spool" OR "reader"',
    terms: ['"spool"', '"reader"'],
    anyTerms: ['"spool"', '"reader"'],
  });
});

/** Per behaviour: texts and the AND query (`all`) or the OR query (`any`) each must give. */
const QUERIES: Array<[string, { all?: Array<[string, string]>; any?: Array<[string, string]> }]> = [
  [
    'operators, NEAR, column filters and parentheses are quoted as plain words',
    {
      all: [
        ['spool NEAR reader', '"spool" "NEAR" "reader"'],
        ['NOT', '"NOT"'],
        ['NEAR(spool reader, 2)', '"NEAR(spool" "reader," "2)"'],
        ['title:spool', '"title:spool"'],
        ['{title subtitle}: x', '"{title" "subtitle}:" "x"'],
        ['^start +plus -minus', '"^start" "+plus" "-minus"'],
      ],
      any: [['AND OR', '"AND" OR "OR"']],
    },
  ],
  [
    'the OR query splits words joined by punctuation, keeping phrases and the last prefix',
    {
      all: [['src/spool/read* "a b"', '"src/spool/read"* "a b"']],
      any: [
        ['title:spool', '"title" OR "spool"'],
        ['src/spool/read* "a b"', '"src" OR "spool" OR "read"* OR "a b"'],
      ],
    },
  ],
  [
    'a "quoted phrase" stays one phrase; an unbalanced quote is dropped',
    {
      all: [
        ['"spool reader" quarantine', '"spool reader" "quarantine"'],
        ['"spool reader', '"spool" "reader"'],
        ['sp"ool', '"sp ool"'],
      ],
    },
  ],
  [
    'common English words are left out while other words remain',
    {
      all: [
        ['the', '"the"'],
        ['"to the point"', '"to the point"'],
      ],
      any: [['when did the worker start', '"worker" OR "start"']],
    },
  ],
  [
    'control characters and lone surrogates are dropped; Unicode words are kept',
    {
      all: [
        ['spo\u0000ol', '"spo" "ol"'],
        ['x\uD800y', '"x" "y"'],
        ['Straße 東京 café', '"Straße" "東京" "café"'],
      ],
    },
  ],
];

for (const [name, { all = [], any = [] }] of QUERIES) {
  test(name, () => {
    for (const [text, expected] of all) assert.equal(buildFtsQuery(text)?.all, expected);
    for (const [text, expected] of any) assert.equal(buildFtsQuery(text)?.any, expected);
  });
}

test('a trailing * is a prefix search; a lone or inner * is text', () => {
  assert.equal(buildFtsQuery('quaran*')?.all, '"quaran"*');
  assert.equal(buildFtsQuery('quaran** x')?.all, '"quaran"* "x"');
  assert.equal(buildFtsQuery('a*b')?.all, '"a b"');
  assert.equal(buildFtsQuery('*'), undefined);
});

test('text without any letter or digit gives no query', () => {
  for (const text of ['', '   ', '()', '"""', '*', '-- ++', '🙂🙂', '\u0000\u0001']) {
    assert.equal(buildFtsQuery(text), undefined, JSON.stringify(text));
  }
});

test('long input is cut at MAX_QUERY_CHARS and at 24 terms', () => {
  const words = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');
  assert.equal(buildFtsQuery(words)?.terms.length, 24);
  const long = 'x'.repeat(MAX_QUERY_CHARS + 500);
  assert.equal(buildFtsQuery(long)?.all, `"${'x'.repeat(MAX_QUERY_CHARS)}"`);
});

test('phrases and prefixes match what they should in a real FTS5 index', (t) => {
  const db = openTestDb(t);
  const a = seedObservation(db, { title: 'Spool reader quarantines partial files' });
  const b = seedObservation(db, { title: 'Reader of the spool', narrative: 'quarantine' });
  assert.deepEqual(match(db, buildFtsQuery('"spool reader"')!.all), [a]);
  assert.deepEqual(match(db, buildFtsQuery('spool reader')!.all), [a, b]);
  assert.deepEqual(match(db, buildFtsQuery('quarant*')!.all), [a, b]);
  assert.deepEqual(match(db, buildFtsQuery('title:spool')!.all), []);
});

const ALPHABET = [
  '"',
  "'",
  '(',
  ')',
  '*',
  ':',
  '^',
  '+',
  '-',
  '{',
  '}',
  '[',
  ']',
  ',',
  ' ',
  ' ',
  'AND',
  'OR',
  'NOT',
  'NEAR',
  'a',
  'é',
  '東',
  '🙂',
  '\u0000',
  '\uD800',
  '\\',
  '%',
  '_',
  'x',
  '1',
];

/** A deterministic pseudo-random generator (mulberry32), so the fuzz is reproducible. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let z = Math.imul(state ^ (state >>> 15), 1 | state);
    z = (z + Math.imul(z ^ (z >>> 7), 61 | z)) ^ z;
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
}

test('2,000 random hostile strings never produce a query FTS5 rejects', (t) => {
  const db = openTestDb(t);
  seedObservation(db, { title: 'x and 1 a é 東' });
  const next = random(42);
  for (let i = 0; i < 2000; i += 1) {
    const text = Array.from(
      { length: 1 + Math.floor(next() * 12) },
      () => ALPHABET[Math.floor(next() * ALPHABET.length)],
    ).join('');
    const query = buildFtsQuery(text);
    assert.doesNotThrow(
      () => query && (match(db, query.all), match(db, query.any)),
      JSON.stringify(text),
    );
  }
});

test('a camelCase word is the word itself or its parts as a phrase, in both queries', () => {
  assert.deepEqual(buildFtsQuery('token rateLimiter'), {
    all: '"token" AND ("rateLimiter" OR "rate Limiter")',
    any: '"token" OR "rateLimiter" OR "rate" OR "Limiter"',
    terms: ['"token"', '("rateLimiter" OR "rate Limiter")'],
    anyTerms: ['"token"', '"rateLimiter"', '"rate"', '"Limiter"'],
  });
  assert.equal(buildFtsQuery('XMLHttpRequest')?.all, '("XMLHttpRequest" OR "XML Http Request")');
  assert.equal(buildFtsQuery('rateLim*')?.all, '("rateLim"* OR "rate Lim"*)');
  assert.equal(buildFtsQuery('"rateLimiter here"')?.all, '"rateLimiter here"');
});
