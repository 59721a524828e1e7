import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { localDay, recordUsage } from '../../src/store/index.ts';
import { NEEDS_CHROMIUM } from '../helpers/browser.ts';
import { withDatabase } from '../helpers/recall-home.ts';
import { seedObservation, seedSession } from '../helpers/seed-memory.ts';
import { getJson, type ViewerHome } from '../helpers/viewer-seed.ts';
import { viewerSuite } from '../helpers/viewer-suite.ts';

const HOUR = 3_600_000;

/** Two sessions of the webshop and one of the parser over the last three days, and their spend. */
function seed(home: ViewerHome, now: number): void {
  withDatabase(home, (db) => {
    const cart = seedSession(db, 'sess-overview-cart', 'webshop', { at: now - 50 * HOUR });
    const pay = seedSession(db, 'sess-overview-pay', 'webshop', { at: now - 3 * HOUR });
    const parse = seedSession(db, 'sess-overview-parse', 'parser-lib', { at: now - 26 * HOUR });
    const title = db.prepare('UPDATE sessions SET title = ?, updated_at = ? WHERE id = ?');
    title.run('Fix the cart totals', now - 48 * HOUR, cart);
    title.run('Add the payment form', now - HOUR, pay);
    title.run('Speed up the tokenizer', now - 25 * HOUR, parse);
    const made = [
      [cart, 'bugfix', 49, 'src/cart.ts'],
      [cart, 'bugfix', 48, 'src/cart.ts'],
      [cart, 'bugfix', 48, 'src/cart-total.ts'],
      [pay, 'feature', 2, 'src/payment-form.tsx'],
      [pay, 'feature', 1, 'src/cart.ts'],
    ] as const;
    for (const [session, type, hoursAgo, file] of made) {
      seedObservation(db, {
        title: `${type} in ${file}`,
        project: 'webshop',
        sessionRowId: session,
        type,
        filesModified: [file],
        createdAt: now - hoursAgo * HOUR,
      });
    }
    seedObservation(db, {
      title: 'tokenizer notes',
      project: 'parser-lib',
      sessionRowId: parse,
      type: 'discovery',
      filesRead: ['src/tokenizer.ts'],
      createdAt: now - 25 * HOUR,
    });
    const call = { provider: 'anthropic', model: 'claude-haiku-4-5', calls: 1, durationMs: 5 };
    recordUsage(db, {
      ...call,
      day: localDay(now - 48 * HOUR),
      project: 'webshop',
      tokensIn: 12_000,
      tokensOut: 345,
      costUsd: 0.0137,
    });
    recordUsage(db, {
      ...call,
      day: localDay(now),
      project: 'webshop',
      tokensIn: 3_000,
      tokensOut: 100,
      costUsd: 0.0035,
    });
  });
}

/** The texts of the SVG text elements under `selector`. */
const svgTexts = (page: Page, selector: string) =>
  page.locator(`${selector} text`).evaluateAll((nodes) => nodes.map((n) => n.textContent));

describe('the viewer overview', NEEDS_CHROMIUM, () => {
  const viewer = viewerSuite({
    seed: (home) => {
      seed(home, Date.now());
    },
  });

  it("draws a project's observations, types, files, spend and sessions from its data", async () => {
    const api = await getJson<{ days: Array<{ observations: number }> }>(
      viewer.home,
      '/api/overview?project=webshop&days=7',
    );
    assert.equal(
      api.days.reduce((sum, day) => sum + day.observations, 0),
      5,
    );
    const { context, page } = await viewer.open({ hash: '#/overview' });
    await page.getByLabel('Project').selectOption('webshop');
    await page.getByLabel('Period').selectOption('7');
    const observations = page.getByTestId('chart-observations');
    await observations.getByText(/^5 observations from /).waitFor();
    // One bar per day with observations: two days ago and today (one may fall on yesterday).
    assert.ok((await observations.locator('.recharts-bar-rectangle path').count()) >= 2);

    const types = page.getByTestId('chart-types');
    await types.getByText('bugfix 3, feature 2').waitFor();
    assert.equal(await types.locator('.recharts-bar-rectangle path').count(), 2);
    assert.deepEqual(
      (await svgTexts(page, '[data-testid=chart-types] .recharts-yAxis-tick-labels')).sort(),
      ['bugfix', 'feature'],
    );

    const files = await svgTexts(page, '[data-testid=chart-files] .recharts-yAxis-tick-labels');
    assert.equal(files[0], 'src/cart.ts');
    assert.deepEqual(files.slice(1).sort(), ['src/cart-total.ts', 'src/payment-form.tsx']);

    const spend = page.getByTestId('chart-spend');
    await spend.getByText('15,445 tokens, about $0.02 at list prices').waitFor();
    assert.ok((await spend.locator('.recharts-bar-rectangle path').count()) >= 2);
    assert.equal(await spend.locator('path.recharts-curve.line-cost, .line-cost path').count(), 1);

    const sessions = await svgTexts(
      page,
      '[data-testid=chart-sessions] .recharts-yAxis-tick-labels',
    );
    assert.deepEqual(sessions, ['Fix the cart totals', 'Add the payment form']);
    await context.close();
  });

  it('shows every project by default and says so when a chart has nothing to draw', async () => {
    const { context, page } = await viewer.open({ hash: '#/overview' });
    await page
      .getByTestId('chart-observations')
      .getByText(/^6 observations from /)
      .waitFor();
    const sessions = await svgTexts(
      page,
      '[data-testid=chart-sessions] .recharts-yAxis-tick-labels',
    );
    assert.equal(sessions.length, 3);
    await page.getByLabel('Project').selectOption('parser-lib');
    await page
      .getByTestId('chart-spend')
      .getByText('No LLM compression in this period (the heuristic costs nothing).')
      .waitFor();
    await context.close();
  });
});
