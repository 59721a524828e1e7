import assert from 'node:assert/strict';
import { test } from 'node:test';
import { card, launchBrowser, openViewer, chromiumMissing } from '../helpers/browser.ts';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import { postgresMissing, startPostgres } from '../helpers/postgres-server.ts';
import { withDatabase } from '../helpers/recall-home.ts';
import { seedObservation } from '../helpers/seed-memory.ts';
import { setUpTeam } from '../helpers/team-fixture.ts';
import { startViewerHome } from '../helpers/viewer-seed.ts';
import { stopWorker } from '../helpers/worker.ts';

const SECRET = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Privacy on the way out, seen in the real viewer (Chromium): a shared row whose text still holds
 * a secret (written past capture's redaction) is refused by the real push to a real PostgreSQL,
 * the Status page's Team panel and the row's card show the reason, and Unshare takes it back.
 */
test(
  'the Team panel and the card show a refused row and why, and Unshare clears it',
  { skip: postgresMissing() ?? chromiumMissing(), timeout: 180_000 },
  async (t) => {
    const server = await startPostgres(t);
    await setUpTeam(t, server, ['alice']);
    const home = await startViewerHome({ CLAUDE_MEM_TEAM_SYNC_EVERY_MS: '300' });
    t.after(async () => {
      await stopWorker(home);
      home.cleanup();
    });
    const connect = await cli(
      ['team', 'connect', server.urlFor('alice'), '--team', 'acme'],
      home.env,
    );
    assert.equal(connect.code, 0, connect.stderr);
    // Plain SQL, as a row stored before a redaction rule existed would be; then shared.
    const id = withDatabase(home, (db) => {
      const row = seedObservation(db, {
        title: 'deploy token for CI',
        project: 'webshop',
        narrative: `use ${SECRET} to push`,
      });
      db.prepare(`UPDATE observations SET scope = 'team' WHERE id = ?`).run(row);
      return row;
    });
    const browser = await launchBrowser();
    t.after(() => browser.close());
    const { context, page } = await openViewer(browser, home, { hash: '#/status' });
    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Team' }) });
    const refused = panel.getByTestId('team-refused');
    // The page polls every 5 s; the refusal comes with the first push round.
    await refused.waitFor({ timeout: 60_000 });
    const text = await refused.innerText();
    const connection = await panel.getByTestId('team-connection').innerText();
    const team = await panel.getByTestId('team-name').innerText();
    assert.match(text, new RegExp(`observation ${id}`));
    assert.match(
      text,
      /refused at push: a secret or <private> block still matches in its narrative/,
    );
    assert.ok(!text.includes(SECRET), 'the panel shows the reason, never the secret');
    assert.equal(connection, 'connected as alice');
    assert.match(team, /^acme on postgres(ql)?:\/\//);
    assert.match(await panel.getByTestId('team-backlog').innerText(), /1 refused/);

    // Its link leads to the Memory page, where the card carries the reason too.
    await refused.getByRole('link', { name: 'Edit it on its card in Memory' }).click();
    const marker = card(page, 'deploy token for CI', 'observation').locator('.badge.refused');
    await marker.waitFor();
    assert.match(await marker.innerText(), /refused at push: a secret .* in its narrative/);
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Status' })
      .click();
    await refused.getByRole('button', { name: 'Unshare' }).click();
    await refused.getByRole('status').filter({ hasText: 'Unshared' }).waitFor();
    // The delete goes out with the next round and takes the refused upsert with it.
    await panel.getByTestId('team-backlog').filter({ hasText: '0 queued, 0 refused' }).waitFor({
      timeout: 60_000,
    });
    await context.close();
    assert.deepEqual(queryDb(home.dataDir, 'SELECT scope FROM observations WHERE id = ?', id), [
      { scope: 'private' },
    ]);
    assert.deepEqual(queryDb(home.dataDir, 'SELECT count(*) AS n FROM team_outbox'), [{ n: 0 }]);
    assert.equal(
      server.sql(`SELECT count(*) FROM claude_mem.memories WHERE body::text ~ 'ghp_|deploy token'`),
      '0\n',
    );
  },
);
