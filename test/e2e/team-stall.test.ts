import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { workerRequest } from '../../src/client/index.ts';
import type { TeamStatus } from '../../src/domain/viewer-api.ts';
import { openDatabase } from '../../src/store/index.ts';
import { chromiumMissing, launchBrowser, openViewer } from '../helpers/browser.ts';
import { cli } from '../helpers/cli.ts';
import { createTestHome } from '../helpers/env.ts';
import { postgresMissing } from '../helpers/postgres-server.ts';
import {
  makeClone,
  OBSERVATION_SQL,
  SESSION_SQL,
  startTeamServer,
} from '../helpers/team-fixture.ts';
import { eventually } from '../helpers/eventually.ts';
import { lockMemories } from '../helpers/team-raw-sql.ts';
import { startWorker, stopWorker, tokenOf } from '../helpers/worker.ts';

const PASSWORD = 'alice-pw';

/**
 * A real worker syncing with a real PostgreSQL (issue 30): a lock held on the team's table makes
 * team status, doctor, the API and the viewer's Team panel (real Chromium) say "sync stalled for N s", why (who holds the lock) and the
 * remedy, never just "connected", until the lock ends; `team members` shows the last push and
 * pull; a password given as `?password=` never shows in settings or output.
 */
test(
  'a held lock is reported as a stall with its holder and remedy until it ends; team members; no password shown',
  { skip: postgresMissing(), timeout: 300_000 },
  async (t) => {
    const server = await startTeamServer(t, ['alice', 'bob']);
    const home = await createTestHome({
      CLAUDE_MEM_TEAM_SYNC_EVERY_MS: '300',
      CLAUDE_MEM_TEAM_STALL_AFTER_MS: '2000',
    });
    t.after(async () => {
      await stopWorker(home);
      home.cleanup();
    });
    const root = makeClone(join(home.dataDir, '..'), 'widget', 'git@host:acme/widget.git');
    const url = `postgres://alice@127.0.0.1:${server.port}/team?password=${PASSWORD}`;
    const connect = await cli(['team', 'connect', url, '--team', 'acme'], home.env);
    assert.equal(connect.code, 0, connect.stderr);
    assert.match(connect.stdout, /the password is kept in team-secret \(mode 0600\)/);
    const db = openDatabase(join(home.dataDir, 'claude-mem.db'));
    t.after(() => db.close());
    db.prepare(SESSION_SQL).run({ sid: 's1', project: 'widget', root });
    const id = db.prepare(OBSERVATION_SQL).run({
      sid: 's1',
      project: 'widget',
      title: 'cookie path must be /app',
      narrative: '',
    }).lastInsertRowid;
    db.prepare(`UPDATE observations SET scope = 'team' WHERE id = ?`).run(id);
    await startWorker(home);
    const status = async (): Promise<TeamStatus> =>
      (await workerRequest(home.port, '/api/team/status', { token: tokenOf(home) }))
        .body as TeamStatus;
    await eventually('the shared row on the server', () =>
      server.sql('SELECT count(*) FROM claude_mem.memories') === '1\n' ? true : undefined,
    );

    await t.test(
      'the password is in team-secret only: not in settings, status or the API',
      async () => {
        assert.doesNotMatch(readFileSync(join(home.dataDir, 'settings.json'), 'utf8'), /alice-pw/);
        assert.equal(readFileSync(join(home.dataDir, 'team-secret'), 'utf8'), PASSWORD);
        const text = await cli(['team', 'status'], home.env);
        assert.match(
          text.stdout,
          /team: acme at postgres:\/\/alice@127\.0\.0\.1:\d+\/team as alice/,
        );
        assert.doesNotMatch(text.stdout + connect.stdout, /alice-pw/);
        assert.doesNotMatch(JSON.stringify(await status()), /alice-pw/);
      },
    );

    await t.test('a URL that is not postgres:// is refused without echoing it', async () => {
      for (const args of [
        ['team', 'connect', 'mysql://root:sekrit@db.example.com/team'],
        ['team', 'init', 'mysql://root:sekrit@db.example.com/team'],
      ]) {
        const run = await cli(args, home.env);
        assert.notEqual(run.code, 0);
        assert.match(run.stderr, /expected a postgres:\/\/ (admin )?URL, got a "mysql:" URL/);
        assert.doesNotMatch(run.stdout + run.stderr, /sekrit/);
      }
    });

    /** The viewer's Team panel shows the stall and its remedy. */
    const stallInViewer = async () => {
      const browser = await launchBrowser();
      try {
        const { context, page } = await openViewer(browser, home, { hash: '#/status' });
        const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Team' }) });
        // The page polls every 5 s.
        await panel
          .getByTestId('team-connection')
          .filter({ hasText: /sync stalled for \d+ s: waited \S+ for a lock held by role admin/ })
          .waitFor({ timeout: 60_000 });
        assert.match(await panel.getByTestId('team-remedy').innerText(), /pg_terminate_backend/);
        await context.close();
      } finally {
        await browser.close();
      }
    };

    await t.test(
      'a lock held on the table: stalled, why and the remedy; connected once it ends',
      async () => {
        const lock = await lockMemories(t, server);
        const stalled = await eventually('a stall in team status', async () => {
          const now = await status();
          return /lock held by role admin/.test(now.stall?.why ?? '') ? now : undefined;
        });
        assert.match(stalled.stall?.remedy ?? '', /pg_terminate_backend\(\d+\)/);
        const text = await cli(['team', 'status'], home.env);
        assert.match(
          text.stdout,
          /connection: sync stalled for \d+ s: waited \S+ for a lock held by role admin \(pid \d+/,
        );
        assert.match(text.stdout, /remedy: .*pg_terminate_backend\(\d+\)/);
        assert.doesNotMatch(text.stdout, /connection: connected/);
        const doctor = await cli(['doctor'], home.env);
        assert.match(
          doctor.stdout,
          /WARN team +sync stalled for \d+ s: .*role admin.*pg_terminate_backend/,
        );
        // Without Chromium (a bare clone) the panel is not looked at; under CI it always is.
        if (!chromiumMissing()) await stallInViewer();
        await lock.release();
        await eventually('sync to run again', async () => {
          const now = await status();
          return now.stall === null && now.lastError === null ? now : undefined;
        });
        assert.match((await cli(['team', 'status'], home.env)).stdout, /connection: connected/);
      },
    );

    await t.test("team members lists each member's last push and pull", async () => {
      const run = await cli(
        ['team', 'members', '--url', server.adminUrl, '--team', 'acme'],
        home.env,
      );
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /team "acme": 2 members/);
      assert.match(
        run.stdout,
        /alice: last push \d{4}-\S+ \(\d+ s ago\), last pull \d{4}-\S+ \(\d+ s ago\)/,
      );
      assert.match(run.stdout, /bob: last push never, last pull never/);
      assert.doesNotMatch(run.stdout + run.stderr, /admin-pw/);
    });
  },
);
