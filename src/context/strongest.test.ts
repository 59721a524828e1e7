import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import { codeTerms, rareTerms } from './relevance.ts';
import { strongest, subjectsOf, type Evidence } from './strongest.ts';

// Issue 32, recall precision: the prompt's rare terms grouped into subjects, and only the
// candidates covering the most of them injected (bench/REPORT.md, "Recall precision").

const rare = [
  { term: 'schema', holders: 80 },
  { term: 'package', holders: 80 },
  { term: 'invoicing', holders: 69 },
  { term: 'connector', holders: 92 },
];
/** `schema package` is one subject: three subjects in all. */
const subjects = new Map([
  ['schema', 0],
  ['package', 0],
  ['invoicing', 1],
  ['connector', 2],
]);
const pick = (held: Record<number, string[]>, words: Record<number, number> = {}) =>
  strongest(
    Object.keys(held).map((id) => ({ id: Number(id) })),
    (id): Evidence => ({ rare: held[id] ?? [], words: words[id] ?? 0, topical: held[id] ?? [] }),
    subjects,
    6,
    rare,
  ).map((c) => c.id);

test('the candidates holding every subject come, not those holding two', () => {
  const ids = pick({
    1: ['schema', 'package', 'invoicing'],
    2: ['schema', 'package', 'invoicing', 'connector'],
    3: ['invoicing', 'connector'],
    4: ['schema', 'package', 'invoicing', 'connector'],
  });
  assert.deepEqual(ids, [2, 4]);
});

test("one subject's two words count once: `schema package` and half the name is a partial match", () => {
  const ids = pick({
    1: ['schema', 'package', 'invoicing'],
    2: ['schema', 'package', 'connector'],
    3: ['schema', 'package', 'invoicing'],
  });
  assert.deepEqual(ids, [1], 'none holds every subject: only the first of the best');
});

test('among those covering as much, the ones holding most of the prompt words come', () => {
  const ids = pick(
    {
      1: ['schema', 'package', 'invoicing', 'connector'],
      2: ['schema', 'package', 'invoicing', 'connector'],
    },
    { 1: 4, 2: 5 },
  );
  assert.deepEqual(ids, [2]);
});

test('words that many memories hold together are one subject; held by one or two, two', (t) => {
  const db = openTestDb(t);
  db.transaction(() => {
    for (let i = 0; i < 30; i += 1) seedObservation(db, { title: `schema package choice ${i}` });
    seedObservation(db, { title: 'Spool writes fsync before rename' });
    for (let i = 0; i < 300; i += 1) seedObservation(db, { title: `filler ${i}` });
  })();
  const found = rareTerms(db, ['schema', 'package', 'spool', 'fsync']);
  assert.deepEqual([...subjectsOf(db, found).values()], [0, 0, 1, 2]);
});

test('code-shaped words: identifiers, codes, joined names; not plain words', () => {
  const code = codeTerms(
    'rateLimiter threw ECONNRESET in migration 014, see node_modules or package.json; JSON image',
  );
  assert.deepEqual(
    [...code].sort(),
    ['014', 'econnreset', 'json', 'modules', 'node', 'package', 'ratelimiter'].sort(),
  );
});
