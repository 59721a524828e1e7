import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { card, launchBrowser, openViewer, waitForAllText } from '../helpers/browser.ts';
import { queryDb } from '../helpers/db.ts';
import { withDatabase } from '../helpers/recall-home.ts';
import { seedObservation } from '../helpers/seed-memory.ts';
import { startViewerHome, type ViewerHome } from '../helpers/viewer-seed.ts';
import { stopWorker } from '../helpers/worker.ts';

/** Team memory in the real viewer (Chromium): the share toggle, the badges, the filters. */
describe('team memory in the viewer', () => {
  let home: ViewerHome;
  let browser: Browser;
  let mine: number;

  before(async () => {
    home = await startViewerHome();
    mine = withDatabase(home, (db) => {
      const own = seedObservation(db, {
        title: 'Cart totals are integer cents',
        project: 'webshop',
      });
      const other = seedObservation(db, {
        title: 'Coupons expire at midnight UTC',
        project: 'webshop',
      });
      db.prepare(`UPDATE observations SET author = 'alice', scope = 'team' WHERE id = ?`).run(
        other,
      );
      return own;
    });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await stopWorker(home);
    home.cleanup();
  });

  it('Share on a card shares it (badge, outbox) and Unshare takes it back', async () => {
    const { context, page } = await openViewer(browser, home);
    const target = card(page, 'Cart totals are integer cents', 'observation');
    await target.getByRole('button', { name: 'Share', exact: true }).click();
    await target.locator('.badge.team', { hasText: 'Team' }).waitFor();
    await target.getByRole('button', { name: 'Unshare' }).click();
    await target.getByRole('button', { name: 'Share', exact: true }).waitFor();
    assert.equal(await target.locator('.badge.team').count(), 0);
    await context.close();
    assert.deepEqual(queryDb(home.dataDir, 'SELECT item_id, op FROM team_outbox ORDER BY id'), [
      { item_id: mine, op: 'upsert' },
      { item_id: mine, op: 'delete' },
    ]);
  });

  it("a teammate's card names them and offers only Pin", async () => {
    const { context, page } = await openViewer(browser, home);
    const theirs = card(page, 'Coupons expire at midnight UTC', 'observation');
    await theirs.locator('.badge.team', { hasText: 'Team · alice' }).waitFor();
    const buttons = await theirs.locator('.actions button').allTextContents();
    await context.close();
    assert.deepEqual(buttons, ['Pin']);
  });

  it('the Author and Scope filters narrow the feed', async () => {
    const { context, page } = await openViewer(browser, home);
    await card(page, 'Cart totals are integer cents').waitFor();
    await page.getByLabel('Author', { exact: true }).fill('alice');
    const byAlice = await waitForAllText(page, 'article.card', /Coupons expire/);
    await page.getByLabel('Author', { exact: true }).fill('');
    await page.getByLabel('Scope', { exact: true }).selectOption('private');
    const privateOnes = await waitForAllText(page, 'article.card', /Cart totals/);
    await context.close();
    assert.equal(byAlice.length, 1);
    assert.equal(privateOnes.length, 1);
  });
});
