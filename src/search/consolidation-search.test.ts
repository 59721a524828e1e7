import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { plantStore } from '../../test/helpers/consolidation-seed.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { applyConsolidation, openDatabase, proposeConsolidation } from '../store/index.ts';
import { createSearcher } from './search.ts';

// Must show 3 of issue 34: a merged memory is found by every query that found any of its sources.

test('every word query that found a merged source finds the memory it was merged into', async (t) => {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  plantStore(db);
  const searcher = createSearcher({ db, mode: 'fts' });
  const found = async (query: string) =>
    (
      await searcher.search({ query, filters: { project: 'alpha' }, limit: 100, offset: 0 })
    ).hits.map((hit) => hit.id);
  const changeset = proposeConsolidation(db, 'alpha');
  const queries: Array<{ query: string; source: number; into: number }> = [];
  for (const merge of changeset.merges) {
    for (const source of [merge.into, ...merge.from]) {
      const row = db
        .prepare('SELECT title, narrative, facts, concepts FROM observations WHERE id = ?')
        .get(source) as Record<string, string>;
      const words =
        Object.values(row)
          .join(' ')
          .match(/[A-Za-z_]{4,}/g) ?? [];
      for (const query of new Set(words)) {
        if ((await found(query)).includes(source))
          queries.push({ query, source, into: merge.into });
      }
    }
  }
  assert.ok(queries.length > 30, `${queries.length} queries`);
  applyConsolidation(db, changeset, 1);
  const missed = [];
  for (const { query, into } of queries)
    if (!(await found(query)).includes(into)) missed.push(query);
  assert.deepEqual(missed, []);
});
