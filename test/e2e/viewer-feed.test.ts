import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { card, waitForAllText, NEEDS_CHROMIUM } from '../helpers/browser.ts';
import { cli } from '../helpers/cli.ts';
import { bulkTurns, seedViewerCorpus } from '../helpers/viewer-corpus.ts';
import { getJson, hook, runEditTurn, runTurn, waitForMemory } from '../helpers/viewer-seed.ts';
import { viewerSuite } from '../helpers/viewer-suite.ts';
import { startWorker, stopWorker } from '../helpers/worker.ts';

const cards = (page: Page, kind: string) => page.locator(`article.card.${kind}`);
const keysOf = (page: Page) =>
  page.locator('article.card').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-key')));

/**
 * Must show 1 and 2 of the viewer issue: the feed of a real worker filled through the hook
 * commands, live items without a reload, infinite scroll without duplicates, filters and search.
 */
describe('the viewer feed', NEEDS_CHROMIUM, () => {
  let bulk: string;
  const viewer = viewerSuite({
    seed: async (home) => {
      bulk = join(home.projects.shop, '..', 'bulk-repo');
      mkdirSync(bulk, { recursive: true });
      for (const turn of bulkTurns(bulk, 20)) await runTurn(home, turn);
      await waitForMemory(home, { observations: 20, summaries: 20 });
      await seedViewerCorpus(home);
    },
  });

  it('renders the seeded observations, summaries and prompts with their details', async () => {
    const { context, page } = await viewer.open();
    const cart = card(page, 'Edited src/cart.ts', 'observation');
    await cart.waitFor();
    assert.match(
      await cart.innerText(),
      /bugfix[^]*src\/cart\.ts[^]*webshop[^]*prompt 1 of the session/i,
    );
    assert.match(await cart.innerText(), /heuristic · 0 in \/ 0 out tokens · \$0/);
    await card(page, 'Why does the tokenizer choke', 'prompt').waitFor();
    assert.equal((await cards(page, 'summary').count()) > 0, true);
    assert.equal((await cards(page, 'prompt').count()) > 0, true);
    assert.equal(await page.locator('[data-stat="Observations"]').innerText(), '27');
    assert.equal(await page.locator('[data-stat="Projects"]').innerText(), '3');
    await context.close();
  });

  it('shows a prompt sent through a hook within 2 s, without a reload', async () => {
    const { context, page } = await viewer.openLive();
    let navigations = 0;
    page.on('framenavigated', () => (navigations += 1));
    const marker = `zeppelin-${Date.now()}`;
    await hook(viewer.home, 'UserPromptSubmit', {
      session_id: 'sess-live-1',
      cwd: viewer.home.projects.parser,
      prompt: `Trace the ${marker} handler`,
    });
    await card(page, marker).waitFor({ timeout: 60_000 });
    assert.equal(navigations, 0);
    await context.close();
  });

  it('shows an observation the worker compresses from hook events, with no duplicate', async () => {
    const { context, page } = await viewer.openLive();
    await runEditTurn(viewer.home, 'parser', {
      sessionId: 'sess-live-2',
      prompt: 'Fix the escape parser for surrogate pairs',
      file: 'src/escape.ts',
      answer: 'Fixed.',
    });
    await card(page, 'Edited src/escape.ts', 'observation').waitFor({ timeout: 60_000 });
    // The heuristic's summary says what was done, never the prompt (issue 30).
    await card(page, 'Turn 1: Edited src/escape.ts', 'summary').waitFor({ timeout: 60_000 });
    assert.equal(await card(page, 'Edited src/escape.ts', 'observation').count(), 1);
    assert.equal(await card(page, 'Fix the escape parser', 'prompt').count(), 1);
    await context.close();
  });

  it('loads further pages on scroll, with no duplicates while live items arrive', async () => {
    const { context, page } = await viewer.open();
    await page.locator('article.card').first().waitFor();
    const first = (await keysOf(page)).length;
    await hook(viewer.home, 'UserPromptSubmit', {
      session_id: 'sess-live-3',
      cwd: bulk,
      prompt: 'One more live prompt while scrolling',
    });
    await card(page, 'One more live prompt').waitFor({ timeout: 60_000 });
    const stats = await getJson<{ observations: number; summaries: number; prompts: number }>(
      viewer.home,
      '/api/stats',
    );
    const total = stats.observations + stats.summaries + stats.prompts;
    for (let round = 0; round < 10 && (await keysOf(page)).length < total; round += 1) {
      await page.locator('.load-more').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    }
    const keys = await keysOf(page);
    assert.ok(first < total);
    assert.equal(keys.length, total);
    assert.equal(new Set(keys).size, keys.length);
    await context.close();
  });

  it('narrows the list by project, by type and by search', async () => {
    const { context, page } = await viewer.open();
    await page.locator('article.card').first().waitFor();
    const everything = await page.locator('article.card').count();
    await page.getByLabel('Project', { exact: true }).selectOption('parser-lib');
    const projects = await waitForAllText(page, '.card-meta > span:first-child', /^parser-lib$/, 4);
    assert.ok(projects.length < everything);

    await page.getByLabel('Project', { exact: true }).selectOption('');
    await page.getByLabel('Type', { exact: true }).selectOption('bugfix');
    const types = await waitForAllText(page, 'article.card .kind', /^bugfix$/i);
    assert.ok(types.length < everything);

    await page.getByLabel('Type', { exact: true }).selectOption('');
    await page.getByLabel('Mode', { exact: true }).selectOption('fts');
    await page.getByLabel('Search', { exact: true }).fill('tokenizer');
    await page.locator('.search-note', { hasText: 'tokenizer' }).waitFor();
    const titles = await waitForAllText(page, 'article.card .card-title', /tokenizer|readEscape/i);
    assert.ok(titles.length < everything);
    await page.getByLabel('Search', { exact: true }).fill('zzzqqq');
    await page.locator('.search-note', { hasText: 'No observations match “zzzqqq”' }).waitFor();
    await context.close();
  });

  it('reconnects by itself after the worker restarts and keeps showing live items', async () => {
    const { context, page } = await viewer.openLive();
    await stopWorker(viewer.home);
    await page.locator('.processing', { hasText: 'Reconnecting' }).waitFor();
    await startWorker(viewer.home);
    await page.locator('.processing .dot.live').waitFor({ timeout: 20_000 });
    await hook(viewer.home, 'UserPromptSubmit', {
      session_id: 'sess-live-4',
      cwd: viewer.home.projects.parser,
      prompt: 'A prompt after the restart',
    });
    await card(page, 'A prompt after the restart', 'prompt').waitFor({ timeout: 60_000 });
    await context.close();
  });

  it('drops a card forgotten elsewhere (the CLI) without a reload', async () => {
    const { context, page } = await viewer.openLive();
    const target = card(page, 'Edited src/cart.ts', 'observation');
    await target.waitFor();
    const key = (await target.getAttribute('data-key')) ?? '';
    assert.match(key, /^observation:\d+$/);
    let navigations = 0;
    page.on('framenavigated', () => (navigations += 1));
    const run = await cli(['forget', key.split(':')[1] ?? '', '--yes'], viewer.home.env);
    assert.equal(run.code, 0, run.stderr);
    await page
      .locator(`article.card[data-key="${key}"]`)
      .waitFor({ state: 'detached', timeout: 60_000 });
    assert.equal(navigations, 0);
    await context.close();
  });
});
