import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cli } from '../helpers/cli.ts';
import { eventually } from '../helpers/eventually.ts';
import { recallHome, withDatabase, type RecallHome } from '../helpers/recall-home.ts';
import { seedObservation } from '../helpers/seed-memory.ts';

// Issue 33, phrase lists through `claude-mem search --json` and the worker it starts. With
// `search.exactCap` 600 a word held by more than 600 rows is common, and lists are kept for
// phrases held by up to 4 x 600. 2,101 rows say "spool durability": more than the 2,000 newest
// matches a common-words search ranks. Until the phrases' lists are read a search of them is
// windowed (partial); the worker reads the index's common terms from its start, between
// requests, and the same search is then exact.
// Rows written after that (another connection, as the worker's own captures are) are ranked
// at once; an edit drops the lists, and they are read again.

const NEWER = 2_100;

interface Page {
  items: Array<{ id: number }>;
  partial?: boolean;
}

async function search(home: RecallHome, ...args: string[]): Promise<Page> {
  const run = await cli(['search', ...args, '--json', '--limit', '5'], home.env, home.projectDir);
  assert.deepEqual([run.code, run.stderr], [0, '']);
  return JSON.parse(run.stdout) as Page;
}

/** The page once it is exact (no cut-off), polled: the lists are read between requests. */
const exact = (home: RecallHome, query: string) =>
  eventually(`an exact answer to "${query}"`, async () => {
    const page = await search(home, query);
    return page.partial === undefined ? page : undefined;
  });

test('a common-words search is exact from its lists once read, through appends and an edit', async (t) => {
  const home = await recallHome(t, 'alpha', {
    CLAUDE_MEM_SEARCH_EXACT_CAP: '600',
    CLAUDE_MEM_SEARCH_EMBEDDER: 'off',
  });
  const old = withDatabase(home, (db) =>
    db.transaction(() => {
      const id = seedObservation(db, {
        title: 'Spool durability: spool durability decision',
        narrative: 'spool durability',
        createdAt: Date.UTC(2025, 0, 1),
      });
      for (let i = 0; i < NEWER; i += 1) {
        seedObservation(db, {
          title: `Reader change ${i}`,
          narrative: `the reader again ${i}; spool durability needs an fsync`,
          createdAt: Date.UTC(2026, 0, 1) + i * 60_000,
        });
      }
      return id;
    })(),
  );

  // The first search races the worker's reading ahead: windowed, it misses the oldest memory.
  const first = await search(home, 'spool durability');
  if (first.partial) assert.ok(!first.items.some((item) => item.id === old));
  else assert.equal(first.items[0]?.id, old);

  const listed = await exact(home, 'spool durability');
  const allTime = await search(home, 'spool durability', '--all-time');
  assert.equal(listed.items[0]?.id, old);
  assert.deepEqual(listed.items, allTime.items);

  // A row written since: ranked at once, and the answer still exact.
  const fresh = withDatabase(home, (db) =>
    seedObservation(db, { title: 'Spool durability spool durability spool durability' }),
  );
  const after = await search(home, 'spool durability');
  assert.equal(after.partial, undefined);
  assert.equal(after.items[0]?.id, fresh);
  assert.deepEqual(after.items, (await search(home, 'spool durability', '--all-time')).items);

  // An edit (another connection): the old memory no longer says it; the lists are read again.
  withDatabase(home, (db) =>
    db
      .prepare(`UPDATE observations SET title = 'Reader notes', narrative = 'none' WHERE id = ?`)
      .run(old),
  );
  const edited = await exact(home, 'spool durability');
  assert.ok(!edited.items.some((item) => item.id === old));
  assert.deepEqual(edited.items, (await search(home, 'spool durability', '--all-time')).items);
});
