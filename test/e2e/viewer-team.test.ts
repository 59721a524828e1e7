import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  card,
  launchBrowser,
  openViewer,
  waitForAllText,
  NEEDS_CHROMIUM,
} from '../helpers/browser.ts';
import { queryDb } from '../helpers/db.ts';
import { withDatabase } from '../helpers/recall-home.ts';
import { seedObservation, seedSession, seedSummary } from '../helpers/seed-memory.ts';
import { startViewerHome, type ViewerHome } from '../helpers/viewer-seed.ts';
import { stopWorker } from '../helpers/worker.ts';

/** Team memory in the real viewer (Chromium): the share toggle, the badges, the filters. */
describe('team memory in the viewer', NEEDS_CHROMIUM, () => {
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

  it("a summary's Share toggle shares it; a teammate's summary has none", async () => {
    const [own, other] = withDatabase(home, (db) => {
      const session = seedSession(db, 'sess-team-1', 'webshop');
      const ids = ['Add gift cards', 'Split the cart module'].map((request, i) =>
        seedSummary(db, { sessionRowId: session, request, createdAt: Date.now() - 1000 * (i + 1) }),
      );
      db.prepare(`UPDATE summaries SET author = 'bob', scope = 'team' WHERE id = ?`).run(ids[1]);
      return ids;
    });
    const { context, page } = await openViewer(browser, home);
    const target = card(page, 'Add gift cards', 'summary');
    await target.getByRole('button', { name: 'Share', exact: true }).click();
    await target.locator('.badge.team', { hasText: 'Team' }).waitFor();
    const bobs = card(page, 'Split the cart module', 'summary');
    await bobs.locator('.badge.team', { hasText: 'Team · bob' }).waitFor();
    const bobButtons = await bobs.locator('button').count();
    await context.close();
    assert.equal(bobButtons, 0);
    assert.deepEqual(queryDb(home.dataDir, `SELECT id, scope FROM summaries ORDER BY id`), [
      { id: own, scope: 'team' },
      { id: other, scope: 'team' },
    ]);
    assert.deepEqual(
      queryDb(home.dataDir, `SELECT item_id, op FROM team_outbox WHERE kind = 'summary'`),
      [{ item_id: own, op: 'upsert' }],
    );
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
