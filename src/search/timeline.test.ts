import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  seedObservation,
  seedPrompt,
  seedSession,
  seedSummary,
} from '../../test/helpers/seed-memory.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import { SearchInputError } from './search-input-error.ts';
import { buildTimeline, itemRef, parseAnchor } from './timeline.ts';

test('anchors: 123, #123, S12, #S12, P7 and #P7', () => {
  assert.deepEqual(parseAnchor('123'), { kind: 'observation', id: 123 });
  assert.deepEqual(parseAnchor('#123'), { kind: 'observation', id: 123 });
  assert.deepEqual(parseAnchor('s12'), { kind: 'summary', id: 12 });
  assert.deepEqual(parseAnchor('P7'), { kind: 'prompt', id: 7 });
  assert.deepEqual(parseAnchor('#S12'), { kind: 'summary', id: 12 });
  assert.deepEqual(parseAnchor('#P7'), { kind: 'prompt', id: 7 });
  for (const text of ['', 'x1', '1.5', '-3', 'S', '#', '##1', 'S#1', '12345678901234567']) {
    assert.throws(() => parseAnchor(text), SearchInputError, text);
  }
});

test('observations, prompts and summaries around the anchor, in time order, depth each side', (t) => {
  const db = openTestDb(t);
  const s = seedSession(db, 's1');
  const p = seedPrompt(db, s, 'fix the reader', 100);
  const o1 = seedObservation(db, { title: 'read reader.ts', createdAt: 200, sessionRowId: s });
  const o2 = seedObservation(db, { title: 'edit reader.ts', createdAt: 300, sessionRowId: s });
  const sum = seedSummary(db, { sessionRowId: s, request: 'fix the reader', createdAt: 400 });
  const o3 = seedObservation(db, { title: 'later', createdAt: 500 });
  seedObservation(db, { title: 'other project', project: 'beta', createdAt: 250 });
  const timeline = buildTimeline(db, { kind: 'observation', id: o2 }, { before: 2, after: 1 });
  assert.deepEqual(timeline.items.map(itemRef), [`P${p}`, String(o1), String(o2), `S${sum}`]);
  assert.equal(timeline.items[0]?.title, 'fix the reader');
  assert.equal(timeline.items[2]?.session_id, 's1');
  const wide = buildTimeline(db, { kind: 'summary', id: sum }, { before: 0, after: 5 });
  assert.deepEqual(wide.items.map(itemRef), [`S${sum}`, String(o3)]);
});

test('items at the same time as the anchor are split around it by kind and id', (t) => {
  const db = openTestDb(t);
  const ids = [1, 2, 3, 4, 5].map((n) =>
    seedObservation(db, { title: `same ${n}`, createdAt: 1000 }),
  );
  const timeline = buildTimeline(db, { kind: 'observation', id: ids[2]! }, { before: 1, after: 1 });
  assert.deepEqual(
    timeline.items.map((item) => item.id),
    [ids[1], ids[2], ids[3]],
  );
});

test('an unknown anchor, or one in another project than asked, is a SearchInputError', (t) => {
  const db = openTestDb(t);
  const id = seedObservation(db, { title: 'x', project: 'beta' });
  assert.throws(
    () => buildTimeline(db, { kind: 'observation', id: 999 }, { before: 1, after: 1 }),
    /anchor: no observation 999/,
  );
  assert.throws(
    () => buildTimeline(db, { kind: 'observation', id }, { before: 1, after: 1 }, 'alpha'),
    /in project alpha/,
  );
});
