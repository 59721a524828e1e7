import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedAgentPair } from '../../test/helpers/agent-sessions.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import { buildFtsQuery } from './fts-query.ts';
import { ftsSearch } from './fts-search.ts';

test('search filters by agent', (t) => {
  const db = openTestDb(t);
  const [gemini, claude] = seedAgentPair(db, 'gemini', 'spool reader', 'spool writer');
  const ids = (agent?: string) =>
    ftsSearch(db, buildFtsQuery('spool')!, { agent }, 10)
      .map((hit) => hit.id)
      .sort();
  assert.deepEqual(ids('gemini'), [gemini]);
  assert.deepEqual(ids('claude'), [claude]);
  assert.deepEqual(ids(), [gemini, claude].sort());
});
