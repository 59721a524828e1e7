import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { openDatabase } from '../db.ts';
import { originOf, pulledSessionKey, teamSession } from './team-sessions.ts';

const GID = '7d8f3c2a-1b4e-4f6a-9c3d-2e1f0a9b8c7d';

test('a local session sends an opaque origin; a pulled one the origin it was filed under', () => {
  assert.match(originOf('2f1c-session-uuid', null) ?? '', /^[0-9a-f]{16}$/);
  assert.notEqual(originOf('2f1c-session-uuid', null), originOf('another', null));
  assert.equal(originOf('team:alice:widget:abcdef0123456789', 'team'), 'abcdef0123456789');
  assert.equal(originOf('team:alice:deadbeefcafe', 'team'), undefined, 'the older key has none');
  assert.equal(originOf(`team:alice:widget:${GID}`, 'team'), undefined);
});

test('summaries hang per origin, or alone when they have none or their turn is taken', (t) => {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  const summary = (session: string | undefined, gid = GID) => ({
    kind: 'summary',
    author: 'alice',
    global_id: gid,
    body: session ? { session } : {},
  });
  const origin = 'abcdef0123456789';
  assert.equal(pulledSessionKey(db, 'w', summary(origin), 1), `team:alice:w:${origin}`);
  assert.equal(pulledSessionKey(db, 'w', summary(undefined), 1), `team:alice:w:${GID}`);
  assert.equal(
    pulledSessionKey(db, 'w', { ...summary(origin), kind: 'observation' }, 0),
    `team:alice:w:${origin}`,
  );
  assert.equal(
    pulledSessionKey(db, 'w', { ...summary('not hex!'), kind: 'observation' }, 0),
    'team:alice:w',
  );
  const id = teamSession(db, 'w', `team:alice:w:${origin}`, 'alice', 1);
  db.prepare(
    `INSERT INTO summaries (session_id, project, prompt_number, created_at) VALUES (?, 'w', 1, 1)`,
  ).run(id);
  assert.equal(pulledSessionKey(db, 'w', summary(origin), 1), `team:alice:w:${GID}`);
  assert.equal(pulledSessionKey(db, 'w', summary(origin), 2), `team:alice:w:${origin}`);
});
