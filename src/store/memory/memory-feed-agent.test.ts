import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { seedObservation, seedSession } from '../../../test/helpers/seed-memory.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { openDatabase } from '../index.ts';
import { feedPage } from './memory-feed.ts';
import { setSessionAgent } from '../capture/session-agent.ts';

test("the viewer's feed filters by agent", (t) => {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  const codexSession = seedSession(db, 'c1');
  setSessionAgent(db, codexSession, 'codex');
  const codex = seedObservation(db, { title: 'by codex', sessionRowId: codexSession });
  const claude = seedObservation(db, { title: 'by claude', sessionRowId: seedSession(db, 'k1') });
  const ids = (agent?: string) =>
    feedPage(db, { kinds: ['observation', 'summary', 'prompt'], agent }, undefined, 10).items.map(
      (item) => item.id,
    );
  assert.deepEqual(ids('codex'), [codex]);
  assert.deepEqual(ids('claude'), [claude]);
  assert.deepEqual(ids().sort(), [codex, claude].sort());
});
