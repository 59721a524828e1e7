import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminHome, api } from '../helpers/admin-home.ts';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import type { TestHome } from '../helpers/env.ts';
import { withDatabase } from '../helpers/recall-home.ts';
import { seedObservation, seedPrompt, seedSession } from '../helpers/seed-memory.ts';

const DAY = 86_400_000;

/** Observations named `<project> <age in days>d[ pinned]`, a session kept by a pinned one, an old empty one. */
function seed(home: TestHome): void {
  const now = Date.now();
  withDatabase(home, (db) => {
    const keeper = seedSession(db, 'keeper', 'alpha', { at: now - 100 * DAY });
    const old = seedSession(db, 'old', 'alpha', { at: now - 50 * DAY });
    seedPrompt(db, old, 'a prompt from long ago', now - 50 * DAY);
    const add = (project: string, days: number, pinned = false) =>
      seedObservation(db, {
        project,
        title: `${project} ${days}d${pinned ? ' pinned' : ''}`,
        pinned,
        sessionRowId: pinned && days === 100 ? keeper : null,
        createdAt: now - days * DAY,
      });
    [1, 2, 3, 10, 40].forEach((days) => add('alpha', days));
    add('alpha', 100, true);
    add('alpha', 5, true);
    [1, 45].forEach((days) => add('beta', days));
    add('beta', 60, true);
  });
}

const titles = (home: TestHome): string[] =>
  queryDb<{ title: string }>(home.dataDir, 'SELECT title FROM observations ORDER BY title').map(
    (r) => r.title,
  );

const sessions = (home: TestHome): string[] =>
  queryDb<{ id: string }>(home.dataDir, 'SELECT session_id AS id FROM sessions ORDER BY id').map(
    (r) => r.id,
  );

describe('retention', () => {
  it('removes exactly what the settings say, on demand, and keeps pinned observations', async (t) => {
    const home = await adminHome(t, { CLAUDE_MEM_SEARCH_EMBEDDER: 'off' });
    seed(home);
    const off = await cli(['purge', '--retention', '--yes'], home.env);
    assert.match(off.stdout, /retention is off/);
    assert.equal(titles(home).length, 10);

    await cli(['config', 'set', 'retention.maxAgeDays', '30'], home.env);
    const byAge = await cli(['purge', '--retention', '--yes'], home.env);
    assert.equal(byAge.code, 0, byAge.stderr);
    assert.match(byAge.stdout, /^deleted: 2 observations, 1 prompt, 1 session /m);
    assert.deepEqual(titles(home), [
      'alpha 100d pinned',
      'alpha 10d',
      'alpha 1d',
      'alpha 2d',
      'alpha 3d',
      'alpha 5d pinned',
      'beta 1d',
      'beta 60d pinned',
    ]);
    assert.deepEqual(sessions(home), ['keeper']);

    await cli(['config', 'set', 'retention.maxPerProject', '2'], home.env);
    const preview = await api<{ counts: { observations: number } }>(home, '/api/retention/run', {
      dry_run: true,
    });
    assert.equal(preview.counts.observations, 2);
    const byCount = await api<{ counts: { observations: number } }>(home, '/api/retention/run', {});
    assert.deepEqual(byCount.counts, preview.counts);
    const kept = [
      'alpha 100d pinned',
      'alpha 1d',
      'alpha 2d',
      'alpha 5d pinned',
      'beta 1d',
      'beta 60d pinned',
    ];
    assert.deepEqual(titles(home), kept);
    const listed = await api<{ items: Array<{ title: string }> }>(home, '/api/search?q=&limit=100');
    assert.deepEqual(listed.items.map((item) => item.title).sort(), kept);
    const status = await api<{ lastRunAt: number; maxPerProject: number }>(
      home,
      '/api/retention/status',
    );
    assert.equal(status.maxPerProject, 2);
    assert.ok(Date.now() - status.lastRunAt < 60_000);

    const again = await cli(['purge', '--retention', '--yes'], home.env);
    assert.match(again.stdout, /nothing to delete/);
  });
});
