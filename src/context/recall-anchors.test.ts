import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import type { AnchorState } from '../anchors/index.ts';
import { createSearcher } from '../search/index.ts';
import { fileRecall } from './file-recall.ts';
import { promptRecall } from './prompt-recall.ts';

const statesOf = (states: Record<number, AnchorState>) => () =>
  new Map(Object.entries(states).map(([id, state]) => [Number(id), state]));

test('file-time recall leaves out a memory whose files are gone and marks a changed one', (t) => {
  const db = openTestDb(t);
  const at = (n: number) => 1_700_000_000_000 + n;
  const fresh = seedObservation(db, { title: 'Fresh', filesRead: ['src/x.ts'], createdAt: at(1) });
  const gone = seedObservation(db, { title: 'Gone', filesRead: ['src/x.ts'], createdAt: at(3) });
  const changed = seedObservation(db, {
    title: 'Moved on',
    filesRead: ['src/x.ts'],
    createdAt: at(2),
  });
  const block = fileRecall(db, {
    project: 'alpha',
    sessionId: 's-1',
    file: 'src/x.ts',
    now: at(9),
    anchorStates: statesOf({ [gone]: 'gone', [changed]: 'changed', [fresh]: 'fresh' }),
  });
  assert.deepEqual(block.ids, [changed, fresh]);
  assert.match(block.text, new RegExp(`^#${changed} .+ ⚠ Moved on`, 'm'));
  assert.match(block.text, /^Legend: ⚠ = its code changed since/m);
  assert.doesNotMatch(block.text, /Gone/);
});

test('prompt-time recall leaves out a gone memory; with nothing marked there is no legend', async (t) => {
  const db = openTestDb(t);
  const id = seedObservation(db, { title: 'Walrus tariff rounding' });
  const searcher = createSearcher({ db, mode: 'fts' });
  const ask = (session: string, states: Record<number, AnchorState>) =>
    promptRecall(db, searcher, {
      project: 'alpha',
      sessionId: session,
      prompt: 'walrus tariff',
      maxItems: 3,
      anchorStates: statesOf(states),
    });
  assert.deepEqual((await ask('s-1', { [id]: 'gone' })).ids, []);
  const fresh = await ask('s-2', { [id]: 'fresh' });
  assert.deepEqual(fresh.ids, [id]);
  assert.doesNotMatch(fresh.text, /Legend/);
});
