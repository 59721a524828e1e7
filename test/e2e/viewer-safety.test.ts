import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { card, NEEDS_CHROMIUM } from '../helpers/browser.ts';
import { saveMemory, seedViewerCorpus } from '../helpers/viewer-corpus.ts';
import { editCall, runTurn, waitForMemory } from '../helpers/viewer-seed.ts';
import { viewerSuite } from '../helpers/viewer-suite.ts';

const SCRIPT = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(1)>';
const FLAG = '<img src=x onerror="window.pwned=1">';

/**
 * Must show 5 and 6 of the viewer issue, and the rest of its promises: memory content (titles,
 * narratives, prompts, captured tool output) renders as text with no dialog; the theme toggles
 * and survives a reload; keyboard use; 1280 and 390 px wide.
 */
describe('the viewer renders memory as text and keeps its look', NEEDS_CHROMIUM, () => {
  const viewer = viewerSuite({
    seed: async (home) => {
      await seedViewerCorpus(home);
      await saveMemory(home, {
        title: `Hostile ${SCRIPT} ${IMG}`,
        text: `Narrative with ${SCRIPT} and ${IMG} and ${FLAG}`,
        project: 'webshop',
      });
      await runTurn(home, {
        sessionId: 'sess-hostile-1',
        cwd: home.projects.shop,
        prompt: `Prompt with ${SCRIPT} ${FLAG}`,
        tools: [
          {
            name: 'Bash',
            input: { command: `echo '${IMG}'` },
            response: { stdout: FLAG, stderr: '', interrupted: false },
          },
          editCall(join(home.projects.shop, 'src/x.html'), SCRIPT),
        ],
        answer: `Done ${SCRIPT}`,
      });
      await waitForMemory(home, { observations: 10, summaries: 4 });
    },
  });

  it('renders <script> and <img onerror> in titles, narratives and prompts as text; no dialog, no foreign request', async () => {
    const { context, page } = await viewer.open();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const requests: URL[] = [];
    page.on('request', (request) => requests.push(new URL(request.url())));
    // Listening from the first request on: the page is loaded again.
    await page.reload();
    const memory = card(page, 'Hostile', 'observation');
    await memory.locator('summary', { hasText: 'Narrative' }).click();
    assert.equal(await memory.locator('.card-title').innerText(), `Hostile ${SCRIPT} ${IMG}`);
    assert.match(
      await memory.locator('.narrative p').innerText(),
      /with <script>alert\(1\)<\/script> and <img/,
    );
    await card(page, `Prompt with ${SCRIPT}`, 'prompt').waitFor();
    await card(page, `echo '${IMG}'`, 'observation').waitFor();
    await memory.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Search', { exact: true }).fill('Hostile');
    await page.locator('.search-note').waitFor();
    await page.waitForTimeout(500);
    assert.deepEqual(dialogs, []);
    assert.equal(await page.locator('main img, main script').count(), 0);
    assert.equal(await page.evaluate<unknown>('window.pwned'), undefined);
    assert.deepEqual(
      requests.filter(
        (url) => url.pathname === '/x' || url.origin !== new URL(viewer.home.url).origin,
      ),
      [],
    );
    await context.close();
  });

  it('toggles the theme and keeps it after a reload', async () => {
    const { context, page } = await viewer.open({ colorScheme: 'light' });
    const background = () =>
      page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
    await page.locator('article.card').first().waitFor();
    const light = await background();
    await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Dark' }).click();
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark');
    const dark = await background();
    assert.notEqual(dark, light);
    await page.reload();
    await page.locator('article.card').first().waitFor();
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark');
    assert.equal(await background(), dark);
    assert.equal(
      await page.getByRole('button', { name: 'Dark' }).getAttribute('aria-pressed'),
      'true',
    );
    await page.getByRole('button', { name: 'System' }).click();
    await page.reload();
    await page.locator('article.card').first().waitFor();
    assert.equal(await page.locator('html').getAttribute('data-theme'), null);
    assert.equal(await background(), light);
    await context.close();
  });

  it('can be used from the keyboard: Tab reaches Pin, Enter pins, focus is visible', async () => {
    const { context, page } = await viewer.open();
    await page.locator('article.card').first().waitFor();
    const focused = () =>
      page.evaluate<string>("document.activeElement ? document.activeElement.textContent : ''");
    for (let presses = 0; presses < 60 && (await focused()) !== 'Pin'; presses += 1) {
      await page.keyboard.press('Tab');
    }
    assert.equal(await focused(), 'Pin');
    const outline = await page.evaluate<string>(
      'getComputedStyle(document.activeElement).outlineStyle',
    );
    assert.notEqual(outline, 'none');
    await page.keyboard.press('Enter');
    await page.locator('article.card .badge.pinned').nth(1).waitFor();
    await context.close();
  });

  it('fits 1280 px and 390 px wide without sideways scrolling on every page', async () => {
    const widths: number[] = [];
    for (const width of [1280, 390]) {
      for (const hash of ['#/', '#/settings', '#/status']) {
        const { context, page } = await viewer.open({ hash, width });
        await page.locator('main h2, main article.card').first().waitFor();
        widths.push((await page.evaluate<number>('document.documentElement.scrollWidth')) - width);
        await context.close();
      }
    }
    assert.deepEqual(widths, [0, 0, 0, 0, 0, 0]);
  });
});
