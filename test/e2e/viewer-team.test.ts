import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Db } from '../../src/store/statements.ts';
import { card, waitForAllText, NEEDS_CHROMIUM } from '../helpers/browser.ts';
import { queryDb } from '../helpers/db.ts';
import { withDatabase } from '../helpers/recall-home.ts';
import { seedObservation, seedSession, seedSummary } from '../helpers/seed-memory.ts';
import { viewerSuite } from '../helpers/viewer-suite.ts';

/** Marks a row as a teammate's, shared with the team (as a pull would store it). */
function fromTeammate(db: Db, table: 'observations' | 'summaries', id: number, author: string) {
  db.prepare(`UPDATE ${table} SET author = ?, scope = 'team' WHERE id = ?`).run(author, id);
}

/** Team memory in the real viewer (Chromium): the share toggle, the badges, the filters. */
describe('team memory in the viewer', NEEDS_CHROMIUM, () => {
  let mine: number;

  const viewer = viewerSuite({
    seed: (home) => {
      mine = withDatabase(home, (db) => {
        const memory = (title: string) => seedObservation(db, { title, project: 'webshop' });
        const own = memory('Cart totals are integer cents');
        fromTeammate(db, 'observations', memory('Coupons expire at midnight UTC'), 'alice');
        return own;
      });
    },
  });

  it('Share on a card shares it (badge, outbox) and Unshare takes it back', async () => {
    const { context, page } = await viewer.open();
    const target = card(page, 'Cart totals are integer cents', 'observation');
    await target.getByRole('button', { name: 'Share', exact: true }).click();
    await target.locator('.badge.team', { hasText: 'Team' }).waitFor();
    await target.getByRole('button', { name: 'Unshare' }).click();
    await target.getByRole('button', { name: 'Share', exact: true }).waitFor();
    assert.equal(await target.locator('.badge.team').count(), 0);
    await context.close();
    assert.deepEqual(
      queryDb(viewer.home.dataDir, 'SELECT item_id, op FROM team_outbox ORDER BY id'),
      [
        { item_id: mine, op: 'upsert' },
        { item_id: mine, op: 'delete' },
      ],
    );
  });

  it("a teammate's card names them and offers only Pin", async () => {
    const { context, page } = await viewer.open();
    const theirs = card(page, 'Coupons expire at midnight UTC', 'observation');
    await theirs.locator('.badge.team', { hasText: 'Team · alice' }).waitFor();
    const buttons = await theirs.locator('.actions button').allTextContents();
    await context.close();
    assert.deepEqual(buttons, ['Pin']);
  });

  it("a summary's Share toggle shares it; a teammate's summary has none", async () => {
    const [own, other] = withDatabase(viewer.home, (db) => {
      const session = seedSession(db, 'sess-team-1', 'webshop');
      const ids = ['Add gift cards', 'Split the cart module'].map((request, i) =>
        seedSummary(db, { sessionRowId: session, request, createdAt: Date.now() - 1000 * (i + 1) }),
      );
      fromTeammate(db, 'summaries', ids[1] ?? 0, 'bob');
      return ids;
    });
    const { context, page } = await viewer.open();
    const target = card(page, 'Add gift cards', 'summary');
    await target.getByRole('button', { name: 'Share', exact: true }).click();
    await target.locator('.badge.team', { hasText: 'Team' }).waitFor();
    const bobs = card(page, 'Split the cart module', 'summary');
    await bobs.locator('.badge.team', { hasText: 'Team · bob' }).waitFor();
    const bobButtons = await bobs.locator('button').count();
    await context.close();
    assert.equal(bobButtons, 0);
    assert.deepEqual(queryDb(viewer.home.dataDir, `SELECT id, scope FROM summaries ORDER BY id`), [
      { id: own, scope: 'team' },
      { id: other, scope: 'team' },
    ]);
    assert.deepEqual(
      queryDb(viewer.home.dataDir, `SELECT item_id, op FROM team_outbox WHERE kind = 'summary'`),
      [{ item_id: own, op: 'upsert' }],
    );
  });

  it('the Author and Scope filters narrow the feed', async () => {
    const { context, page } = await viewer.open();
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
