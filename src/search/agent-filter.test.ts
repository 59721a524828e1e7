import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedObservation, seedSession } from '../../test/helpers/seed-memory.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import { setSessionAgent } from '../store/index.ts';
import { buildFtsQuery } from './fts-query.ts';
import { ftsSearch } from './fts-search.ts';

test('search filters by agent', (t) => {
  const db = openTestDb(t);
  const codex = seedSession(db, 'c1');
  setSessionAgent(db, codex, 'gemini');
  const gemini = seedObservation(db, { title: 'spool reader', sessionRowId: codex });
  const claude = seedObservation(db, { title: 'spool writer', sessionRowId: seedSession(db, 'k') });
  const ids = (agent?: string) =>
    ftsSearch(db, buildFtsQuery('spool')!, { agent }, 10)
      .map((hit) => hit.id)
      .sort();
  assert.deepEqual(ids('gemini'), [gemini]);
  assert.deepEqual(ids('claude'), [claude]);
  assert.deepEqual(ids(), [gemini, claude].sort());
});
