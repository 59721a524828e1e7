import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { card, NEEDS_CHROMIUM } from '../helpers/browser.ts';
import { seedViewerCorpus } from '../helpers/viewer-corpus.ts';
import { getJson, type ViewerHome } from '../helpers/viewer-seed.ts';
import { viewerSuite } from '../helpers/viewer-suite.ts';

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

/** The pinned section of a SessionStart context: from its heading to the next heading. */
const pinnedSection = (text: string): string =>
  /### \S+ pinned\n([^]*?)(?=\n###|\n\n)/.exec(text)?.[1] ?? '';

/**
 * Must show 3 of the viewer issue: delete, edit and pin through the page, seen at once by search
 * and the context (the settings page has its own test, viewer-settings.test.ts).
 */
describe('managing memory in the viewer', NEEDS_CHROMIUM, () => {
  const viewer = viewerSuite({
    seed: seedViewerCorpus,
  });

  it('deletes an observation after confirmation: the card and the search hit are gone', async () => {
    const { context, page } = await viewer.open();
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
      (await searchTitles(viewer.home, 'npm test cart')).filter((t) => t.includes('npm test')),
      [],
    );
    await context.close();
  });

  it('edits title, narrative and facts: the card and search show the new text', async () => {
    const { context, page } = await viewer.open();
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
    assert.deepEqual(await searchTitles(viewer.home, 'quokkas'), [
      'Cart totals are summed in zebracorn units',
    ]);
    await context.close();
  });

  it('pins an observation: the context preview lists it among the pinned ones', async () => {
    const { context, page } = await viewer.open();
    const target = card(page, 'Edited src/checkout.tsx', 'observation');
    await target.getByRole('button', { name: 'Pin' }).click();
    await target.locator('.badge.pinned').waitFor();
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Recall', exact: true }).click();
    await page.getByLabel('Project', { exact: true }).selectOption('webshop');
    const preview = page.getByTestId('context-preview');
    await preview.filter({ hasText: 'webshop' }).waitFor();
    assert.match(pinnedSection(await preview.innerText()), /Edited src\/checkout\.tsx/);
    assert.match(pinnedSection(await preview.innerText()), /Prices are integer cents/);
    await context.close();
  });
});
