import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import { createSearcher } from '../search/index.ts';
import { type Db } from '../store/index.ts';
import { promptRecall } from './prompt-recall.ts';

/**
 * 1,000 observations (a term is rare when at most 100 hold it): `invoicing` in 30 (in their
 * files too), `ledger` and `rounding` in 70 each (one holds both; in titles only), `ECONNRESET`
 * in one, the rest filler.
 */
function seeded(t: TestContext): { db: Db; invoicing: number[]; both: number; reset: number } {
  const db = openTestDb(t);
  const ids = db.transaction(() => {
    const add = (
      title: string,
      narrative = 'routine upkeep of the service',
      filesModified: string[] = [],
    ) => seedObservation(db, { title, narrative, filesModified });
    const invoicing = Array.from({ length: 30 }, (_, i) =>
      add(`invoicing page tweak ${i}`, undefined, [`src/invoicing/page-${i}.ts`]),
    );
    for (let i = 0; i < 69; i += 1) add(`ledger export change ${i}`);
    for (let i = 0; i < 69; i += 1) add(`rounding helper change ${i}`);
    const both = add('Ledger cents adjusted', 'rounding of cents now happens once per ledger');
    const reset = add('Upload retries on ECONNRESET', 'the client retries when the socket resets');
    for (let i = 0; i < 830; i += 1) add(`filler ${i}`);
    return { invoicing, both, reset };
  })();
  return { db, ...ids };
}

const recall = (db: Db, prompt: string) =>
  promptRecall(db, createSearcher({ db, mode: 'fts' }), {
    project: 'alpha',
    sessionId: 'asking',
    prompt,
    maxItems: 3,
  }).then((block) => block.ids);

test("a long prompt's one rare word that 30 memories hold brings none of them", async (t) => {
  const { db } = seeded(t);
  assert.deepEqual(
    await recall(db, 'why does the invoicing screen freeze after saving drafts'),
    [],
  );
});

test("a short prompt's one rare word brings the memories naming their files by it", async (t) => {
  const { db, invoicing } = seeded(t);
  const ids = await recall(db, 'invoicing freeze?');
  assert.equal(ids.length, 3);
  assert.ok(ids.every((id) => invoicing.includes(id)));
});

test("a short prompt's one plain rare word that memories only mention brings none", async (t) => {
  const { db } = seeded(t);
  assert.deepEqual(await recall(db, 'ledger freeze?'), []);
});

test('a word next to no memory holds is enough, in a prompt of any length', async (t) => {
  const { db, reset } = seeded(t);
  const prompt =
    'the upload keeps failing with ECONNRESET whenever the network drops during deploy';
  assert.deepEqual(await recall(db, prompt), [reset]);
});

test('words held by 5-10% of the memories are rare: the memory holding both comes', async (t) => {
  const { db, both } = seeded(t);
  const ids = await recall(db, 'please sort out the ledger rounding mess before quarterly close');
  assert.deepEqual(ids, [both]);
});
