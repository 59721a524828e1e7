import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { makeClone } from '../../../test/helpers/team-fixture.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { openDatabase, teamProjects, type Db } from '../../store/index.ts';
import { NO_ROUND_YET, type SyncState } from '../../team/index.ts';
import { createFirstPullWait } from './first-pull-wait.ts';

const STATE: SyncState = { ...NO_ROUND_YET, configured: true, connected: true, role: 'bob' };

function setUp(t: TestContext, lastError: string | null = null) {
  const dir = tempDir(t);
  const db = openDatabase(join(dir, 'claude-mem.db'));
  t.after(() => db.close());
  const root = makeClone(dir, 'widget-bob', 'https://host/acme/widget');
  const rounds: string[] = [];
  // A round that pulls: what a real round does to the cursor of every claimed project.
  const syncNow = async (): Promise<SyncState> => {
    rounds.push('round');
    db.prepare('UPDATE team_projects SET last_pull_at = 1').run();
    return { ...STATE, lastError };
  };
  const sync = { syncNow, state: () => ({ ...STATE, lastError }) };
  return { db, root, rounds, sync };
}

const claimed = (db: Db) => teamProjects(db).map((row) => [row.project, row.team_project]);

test("a folder's first SessionStart claims its team project and waits for one round; later ones do not", async (t) => {
  const { db, root, rounds, sync } = setUp(t);
  const wait = createFirstPullWait({ db, sync, configured: () => true, waitMs: 60_000 });
  await wait('widget-bob', () => root);
  assert.deepEqual(claimed(db), [['widget-bob', 'host/acme/widget']]);
  assert.deepEqual(rounds, ['round']);
  await wait('widget-bob', () => root);
  assert.deepEqual(rounds, ['round']);
});

test('no team, a folder of another project, or a server that failed last round: no wait', async (t) => {
  const { db, root, rounds, sync } = setUp(t, 'connect ECONNREFUSED');
  const off = createFirstPullWait({ db, sync, configured: () => false, waitMs: 60_000 });
  await off('widget-bob', () => root);
  const elsewhere = createFirstPullWait({ db, sync, configured: () => true, waitMs: 60_000 });
  await elsewhere('widget-bob', () => undefined);
  assert.deepEqual([claimed(db), rounds], [[], []]);
  const failing = createFirstPullWait({ db, sync, configured: () => true, waitMs: 60_000 });
  await failing('widget-bob', () => root);
  // Claimed, and a round kicked off, but the session does not wait on a failing server.
  assert.deepEqual(claimed(db), [['widget-bob', 'host/acme/widget']]);
});
