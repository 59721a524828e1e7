import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, openViewer, NEEDS_CHROMIUM } from '../helpers/browser.ts';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.ts';
import { getJson, runTurn, startViewerHome, type ViewerHome } from '../helpers/viewer-seed.ts';
import { withDatabase } from '../helpers/recall-home.ts';
import { stopWorker } from '../helpers/worker.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The status page against a worker whose provider (anthropic, a fake server on loopback) answers
 * every call with a 500: the provider and why, today's budget, the failed events with their
 * reasons, the retry button, and the log.
 */
describe('the viewer status page', NEEDS_CHROMIUM, () => {
  let fake: FakeAnthropic;
  let home: ViewerHome;
  let browser: Browser;

  before(async () => {
    fake = await startFakeAnthropic();
    // Calls about the slowpoke turn never get an answer: its events stay pending (the queue).
    fake.respondWith((body) =>
      JSON.stringify(body).includes('slowpoke')
        ? { kind: 'hang' }
        : reply.error(500, { message: 'overloaded on purpose' }),
    );
    home = await startViewerHome({
      ANTHROPIC_API_KEY: 'test-key',
      CLAUDE_MEM_COMPRESS_PROVIDER: 'anthropic',
      CLAUDE_MEM_COMPRESS_ANTHROPIC_BASE_URL: fake.url,
      CLAUDE_MEM_COMPRESS_RETRIES: '0',
      CLAUDE_MEM_COMPRESS_MAX_ATTEMPTS: '20',
      CLAUDE_MEM_COMPRESS_FAILED_RETRY_MS: '86400000',
    });
    await runTurn(home, {
      sessionId: 'sess-failing-1',
      cwd: home.projects.shop,
      prompt: 'Fix the cart',
      tools: [
        {
          name: 'Edit',
          input: {
            file_path: join(home.projects.shop, 'src/cart.ts'),
            old_string: 'a',
            new_string: 'b',
          },
          response: {},
        },
      ],
      answer: 'Done.',
    });
    for (let waited = 0; waited < 20_000; waited += 200) {
      const events = await getJson<{ items: unknown[] }>(home, '/api/failed-events');
      if (events.items.length > 0) break;
      await sleep(200);
    }
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    // Closing the fake first cuts the hanging call, so the worker stops without its grace wait.
    await fake?.close();
    await stopWorker(home);
    home.cleanup();
  });

  it('shows the provider and why, the budget, failed events with reasons, and the log', async () => {
    const { context, page } = await openViewer(browser, home, { hash: '#/status' });
    await page.getByTestId('provider').filter({ hasText: 'anthropic' }).waitFor();
    const compression = page.locator('section', { has: page.locator('#provider-heading') });
    assert.match(await compression.locator('.facts-grid').innerText(), /Why\s+\S+/);
    // The recall panel: the embedder, its vectors and what search uses.
    await page.getByTestId('embedder').filter({ hasText: 'hash-v2-256' }).waitFor();
    assert.match(await page.getByTestId('vectors').innerText(), /^[\d,]+ of [\d,]+ observations$/);
    assert.match(await page.getByTestId('search-uses').innerText(), /^full text/);
    assert.equal(await page.getByTestId('horizon').count(), 0, 'no horizon in a small memory');
    const budget = page.locator('table', { hasText: 'anthropic' });
    assert.match(await budget.innerText(), /anthropic\s+\d[\d,]*\s+1,000,000\s+[\d,]+/);
    const failed = page.locator('.failed-list li', { hasText: 'Edit' });
    await failed.waitFor();
    assert.match(await failed.locator('.reason').innerText(), /\S/);
    assert.match(await page.locator('.log-lines').innerText(), /compression provider: anthropic/);
    await page.locator('.processing .failed-link').waitFor();
    await context.close();
  });

  it('names the search horizon of a large memory', async () => {
    // As the worker keeps it past 200,000 observations (src/store/fulltext/search-horizon.ts).
    withDatabase(home, (db) =>
      db.prepare('UPDATE search_horizon SET kept = 1, boundary = 0').run(),
    );
    try {
      const { context, page } = await openViewer(browser, home, { hash: '#/status' });
      const horizon = page.getByTestId('horizon');
      await horizon.waitFor();
      assert.match(await horizon.innerText(), /^the newest [\d,]+ observations, searched first$/);
      await context.close();
    } finally {
      withDatabase(home, (db) => db.prepare('UPDATE search_horizon SET kept = 0').run());
    }
  });

  it('queues failed events again with the retry button', async () => {
    const { context, page } = await openViewer(browser, home, { hash: '#/status' });
    await page.locator('.failed-list li').first().waitFor();
    await page.getByRole('button', { name: 'Retry failed events' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Queued again: [1-9]\d* events/ })
      .waitFor();
    await context.close();
  });

  it('shows the queue depth while events wait for compression', async () => {
    const { context, page } = await openViewer(browser, home);
    await page.locator('.processing .dot.live').waitFor();
    await runTurn(home, {
      sessionId: 'sess-slow-1',
      cwd: home.projects.parser,
      prompt: 'Investigate the slowpoke cache',
      tools: [
        {
          name: 'Edit',
          input: {
            file_path: join(home.projects.parser, 'src/slowpoke.ts'),
            old_string: 'a',
            new_string: 'b',
          },
          response: {},
        },
      ],
      answer: 'Looked.',
    });
    await page.locator('.processing .busy', { hasText: /Processing [1-9]\d* queued/ }).waitFor();
    await context.close();
  });
});
