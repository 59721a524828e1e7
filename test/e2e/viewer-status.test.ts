import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { NEEDS_CHROMIUM } from '../helpers/browser.ts';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.ts';
import { getJson, runEditTurn, type EditTurn } from '../helpers/viewer-seed.ts';
import { viewerSuite } from '../helpers/viewer-suite.ts';
import { withDatabase } from '../helpers/recall-home.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A turn whose compression fails (every provider call answers 500). */
const FAILING: EditTurn = {
  sessionId: 'sess-failing-1',
  prompt: 'Fix the cart',
  file: 'src/cart.ts',
  answer: 'Done.',
};

/** A turn whose compression calls never get an answer (the fake hangs on "slowpoke"). */
const SLOWPOKE: EditTurn = {
  sessionId: 'sess-slow-1',
  prompt: 'Investigate the slowpoke cache',
  file: 'src/slowpoke.ts',
  answer: 'Looked.',
};

/**
 * The status page against a worker whose provider (anthropic, a fake server on loopback) answers
 * every call with a 500: the provider and why, today's budget, the failed events with their
 * reasons, the retry button, and the log.
 */
describe('the viewer status page', NEEDS_CHROMIUM, () => {
  let fake: FakeAnthropic;
  before(async () => {
    fake = await startFakeAnthropic();
    // Calls about the slowpoke turn never get an answer: its events stay pending (the queue).
    fake.respondWith((body) =>
      JSON.stringify(body).includes('slowpoke')
        ? { kind: 'hang' }
        : reply.error(500, { message: 'overloaded on purpose' }),
    );
  });
  const viewer = viewerSuite({
    env: () => ({
      ANTHROPIC_API_KEY: 'test-key',
      CLAUDE_MEM_COMPRESS_PROVIDER: 'anthropic',
      CLAUDE_MEM_COMPRESS_ANTHROPIC_BASE_URL: fake.url,
      CLAUDE_MEM_COMPRESS_RETRIES: '0',
      CLAUDE_MEM_COMPRESS_MAX_ATTEMPTS: '20',
      CLAUDE_MEM_COMPRESS_FAILED_RETRY_MS: '86400000',
    }),
    seed: async (home) => {
      await runEditTurn(home, 'shop', FAILING);
      for (let waited = 0; waited < 20_000; waited += 200) {
        const events = await getJson<{ items: unknown[] }>(home, '/api/failed-events');
        if (events.items.length > 0) break;
        await sleep(200);
      }
    },
    // Closing the fake first cuts the hanging call, so the worker stops without its grace wait.
    beforeStop: () => fake?.close(),
  });

  it('shows the provider and why, the budget, failed events with reasons, and the log', async () => {
    const { context, page } = await viewer.open({ hash: '#/status' });
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
    withDatabase(viewer.home, (db) =>
      db.prepare('UPDATE search_horizon SET kept = 1, boundary = 0').run(),
    );
    try {
      const { context, page } = await viewer.open({ hash: '#/status' });
      const horizon = page.getByTestId('horizon');
      await horizon.waitFor();
      assert.match(await horizon.innerText(), /^the newest [\d,]+ observations, searched first$/);
      await context.close();
    } finally {
      withDatabase(viewer.home, (db) => db.prepare('UPDATE search_horizon SET kept = 0').run());
    }
  });

  it('queues failed events again with the retry button', async () => {
    const { context, page } = await viewer.open({ hash: '#/status' });
    await page.locator('.failed-list li').first().waitFor();
    await page.getByRole('button', { name: 'Retry failed events' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Queued again: [1-9]\d* events/ })
      .waitFor();
    await context.close();
  });

  it('shows the queue depth while events wait for compression', async () => {
    const { context, page } = await viewer.openLive();
    await runEditTurn(viewer.home, 'parser', SLOWPOKE);
    await page.locator('.processing .busy', { hasText: /Processing [1-9]\d* queued/ }).waitFor();
    await context.close();
  });
});
