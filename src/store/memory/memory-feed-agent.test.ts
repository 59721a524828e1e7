import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedAgentPair } from '../../../test/helpers/agent-sessions.ts';
import { openTestDb } from '../../../test/helpers/test-db.ts';
import { feedPage } from './memory-feed.ts';

test("the viewer's feed filters by agent", (t) => {
  const db = openTestDb(t);
  const [codex, claude] = seedAgentPair(db, 'codex', 'by codex', 'by claude');
  const ids = (agent?: string) =>
    feedPage(db, { kinds: ['observation', 'summary', 'prompt'], agent }, undefined, 10).items.map(
      (item) => item.id,
    );
  assert.deepEqual(ids('codex'), [codex]);
  assert.deepEqual(ids('claude'), [claude]);
  assert.deepEqual(ids().sort(), [codex, claude].sort());
});
