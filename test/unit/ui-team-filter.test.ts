import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FeedItem } from '../../src/ui/src/api-types.ts';
import { matchesFilter } from '../../src/ui/src/feed/feed-order.ts';

const item = (kind: FeedItem['kind'], scope: string, author: string | null) =>
  ({
    kind,
    key: `${kind}:1`,
    id: 1,
    project: 'alpha',
    type: 'bugfix',
    scope,
    author,
  }) as unknown as FeedItem;

const mine = item('observation', 'private', null);
const shared = item('summary', 'team', null);
const alices = item('observation', 'team', 'Alice');
const prompt = item('prompt', '', null);
const all = [mine, shared, alices, prompt];

const kept = (filter: { scope?: string; author?: string }) =>
  all.filter((i) => matchesFilter(i, { project: '', type: '', ...filter }));

test('live items follow the scope and author filters as the worker applies them', () => {
  assert.deepEqual(kept({}), all);
  assert.deepEqual(kept({ scope: 'team' }), [shared, alices]);
  assert.deepEqual(kept({ scope: 'private' }), [mine]);
  assert.deepEqual(kept({ author: 'alice' }), [alices]);
  assert.deepEqual(kept({ author: ' me ' }), [mine, shared]);
  assert.deepEqual(kept({ author: 'me', scope: 'team' }), [shared]);
});
