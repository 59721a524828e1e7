import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { settingsFile } from '../../src/config/index.ts';
import { card, launchBrowser, openViewer, NEEDS_CHROMIUM } from '../helpers/browser.ts';
import { seedViewerCorpus } from '../helpers/viewer-corpus.ts';
import { getJson, startViewerHome, type ViewerHome } from '../helpers/viewer-seed.ts';
import { stopWorker } from '../helpers/worker.ts';

interface SearchAnswer {
  items: Array<{ id: number; title: string }>;
}

const searchTitles = async (home: ViewerHome, q: string): Promise<string[]> =>
  (await getJson<SearchAnswer>(home, `/api/search?mode=fts&q=${encodeURIComponent(q)}`)).items.map(
    (item) => item.title,
  );

async function search(page: Page, q: string): Promise<void> {
  await page.getByLabel('Mode', { exact: true }).selectOption('fts');
  await page.getByLabel('Search', { exact: true }).fill(q);
  await page.locator('.search-note', { hasText: q }).waitFor();
}

const savedFile = (home: ViewerHome): string =>
  existsSync(settingsFile(home.dataDir)) ? readFileSync(settingsFile(home.dataDir), 'utf8') : '';

/** The pinned section of a SessionStart context: from its heading to the next heading. */
const pinnedSection = (text: string): string =>
  /### \S+ pinned\n([^]*?)(?=\n###|\n\n)/.exec(text)?.[1] ?? '';

/**
 * Must show 3 and 4 of the viewer issue: delete, edit and pin through the page, seen at once by
 * search and the context; settings validated field by field, nothing saved when one is invalid.
 */
describe('managing memory and settings in the viewer', NEEDS_CHROMIUM, () => {
  let home: ViewerHome;
  let browser: Browser;

  before(async () => {
    home = await startViewerHome();
    await seedViewerCorpus(home);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await stopWorker(home);
    home.cleanup();
  });

  it('deletes an observation after confirmation: the card and the search hit are gone', async () => {
    const { context, page } = await openViewer(browser, home);
    const target = card(page, 'Ran npm test -- cart', 'observation');
    await target.getByRole('button', { name: 'Delete' }).click();
    await target.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await target.count(), 1);
    await target.getByRole('button', { name: 'Delete' }).click();
    await target
      .getByRole('group', { name: 'Confirm delete' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await target.waitFor({ state: 'detached' });
    await search(page, 'cart');
    assert.equal(await card(page, 'npm test -- cart', 'observation').count(), 0);
    assert.deepEqual(
      (await searchTitles(home, 'npm test cart')).filter((t) => t.includes('npm test')),
      [],
    );
    await context.close();
  });

  it('edits title, narrative and facts: the card and search show the new text', async () => {
    const { context, page } = await openViewer(browser, home);
    const key = await card(page, 'Read src/cart.ts', 'observation').getAttribute('data-key');
    const target = page.locator(`article[data-key="${key}"]`);
    await target.getByRole('button', { name: 'Edit' }).click();
    await target.getByLabel('Title').fill('Cart totals are summed in zebracorn units');
    await target.getByLabel('Narrative').fill('The narrative now mentions quokkas.');
    await target.getByLabel('Facts (one per line)').fill('first fact\nsecond fact');
    await target.getByRole('button', { name: 'Save' }).click();
    const edited = card(page, 'zebracorn units', 'observation');
    await edited.locator('.facts li', { hasText: 'second fact' }).waitFor();
    await search(page, 'zebracorn');
    await card(page, 'zebracorn units', 'observation').waitFor();
    assert.deepEqual(await searchTitles(home, 'quokkas'), [
      'Cart totals are summed in zebracorn units',
    ]);
    await context.close();
  });

  it('pins an observation: the context preview lists it among the pinned ones', async () => {
    const { context, page } = await openViewer(browser, home);
    const target = card(page, 'Edited src/checkout.tsx', 'observation');
    await target.getByRole('button', { name: 'Pin' }).click();
    await target.locator('.badge.pinned').waitFor();
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('Project', { exact: true }).selectOption('webshop');
    const preview = page.getByTestId('context-preview');
    await preview.filter({ hasText: 'webshop' }).waitFor();
    assert.match(pinnedSection(await preview.innerText()), /Edited src\/checkout\.tsx/);
    assert.match(pinnedSection(await preview.innerText()), /Prices are integer cents/);
    await context.close();
  });

  it('shows the field message for a bad setting and saves nothing, not even the valid ones', async () => {
    const { context, page } = await openViewer(browser, home, { hash: '#/settings' });
    const before = savedFile(home);
    await page.getByLabel('context.maxTokens').fill('99999');
    await page.getByLabel('log.level').selectOption('debug');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const field = page.locator('.setting[data-key="context.maxTokens"]');
    await field.locator('.field-error').waitFor();
    assert.equal(
      await field.locator('.field-error').innerText(),
      'expected an integer from 200 to 2000',
    );
    assert.equal(await page.getByLabel('context.maxTokens').getAttribute('aria-invalid'), 'true');
    assert.equal(savedFile(home), before);
    await page.reload();
    assert.equal(await page.getByLabel('context.maxTokens').inputValue(), '1500');
    assert.equal(await page.getByLabel('log.level').inputValue(), 'info');
    await context.close();
  });

  it('saves a valid setting and says it applies after a restart', async () => {
    const { context, page } = await openViewer(browser, home, { hash: '#/settings' });
    await page.getByLabel('context.maxTokens').fill('1200');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved 1 setting' }).waitFor();
    assert.deepEqual(JSON.parse(savedFile(home)), { context: { maxTokens: 1200 } });
    const hint = page.locator('.setting[data-key="context.maxTokens"] .hint');
    assert.match(
      await hint.innerText(),
      /after a worker restart[^]*running worker still uses 1500/,
    );
    await context.close();
  });
});
