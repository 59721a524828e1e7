import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cli } from '../helpers/cli.ts';
import { plantStore } from '../helpers/consolidation-seed.ts';
import { queryDb } from '../helpers/db.ts';
import { recallHome, withDatabase } from '../helpers/recall-home.ts';
import { startWorker } from '../helpers/worker.ts';

// Must show 3 of issue 34 through the real CLI and worker: the proposal as a diff, apply, undo.

const rows = (dataDir: string) =>
  JSON.stringify(queryDb(dataDir, 'SELECT * FROM observations ORDER BY id'));

test('consolidate proposes a diff, --apply journals it, --undo restores it', async (t) => {
  const home = await recallHome(t, 'alpha');
  const planted = withDatabase(home, plantStore);
  const [keep, gone] = planted.skew as [number, number];
  await startWorker(home);
  const before = rows(home.dataDir);

  const proposal = await cli(['consolidate', '--project', 'alpha'], home.env);
  assert.deepEqual([proposal.code, proposal.stderr], [0, '']);
  assert.match(proposal.stdout, /^consolidate alpha: 2 merges, 1 drop \(of 13 memories/);
  assert.match(
    proposal.stdout,
    new RegExp(`^ {2}= #${keep} Fixed token refresh clock skew in auth module$`, 'm'),
  );
  assert.match(
    proposal.stdout,
    new RegExp(`^ {2}- #${gone} Fixed the token refresh clock skew in auth$`, 'm'),
  );
  assert.match(
    proposal.stdout,
    new RegExp(`^drop #${planted.noise} \\(noise\\): Ran ls -la$`, 'm'),
  );
  assert.match(proposal.stdout, /nothing changed; apply with: claude-mem consolidate --apply\n$/);
  assert.equal(rows(home.dataDir), before);

  const applied = await cli(['consolidate', '--project', 'alpha', '--apply'], home.env);
  assert.equal(applied.code, 0, applied.stderr);
  assert.match(applied.stdout, /applied as #1; undo: claude-mem consolidate --undo 1\n$/);
  assert.notEqual(rows(home.dataDir), before);

  const undone = await cli(['consolidate', '--undo', '1'], home.env);
  assert.deepEqual(
    [undone.code, undone.stdout],
    [0, 'undid consolidation #1: 2 merges and 1 drops restored\n'],
  );
  assert.equal(rows(home.dataDir), before);

  const again = await cli(['consolidate', '--undo', '1'], home.env);
  assert.deepEqual(
    [again.code, again.stderr.trim()],
    [1, 'claude-mem: consolidation #1 was undone already'],
  );
  const bad = await cli(['consolidate', '--undo', 'x'], home.env);
  assert.equal(bad.code, 2);
});
