import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, openViewer, NEEDS_CHROMIUM } from '../helpers/browser.ts';
import { withDatabase } from '../helpers/recall-home.ts';
import { seedObservation } from '../helpers/seed-memory.ts';
import { startViewerHome, type ViewerHome } from '../helpers/viewer-seed.ts';
import { workerRequest } from '../../src/client/index.ts';
import { stopWorker, tokenOf } from '../helpers/worker.ts';

/**
 * Issue 32: the viewer's recall panel shows, per injected memory, why it was chosen: a prompt
 * asks the real worker for memories, and the status page lists the injection and its reason.
 */
describe('the viewer shows why each recalled memory was injected', NEEDS_CHROMIUM, () => {
  let home: ViewerHome;
  let browser: Browser;

  before(async () => {
    home = await startViewerHome();
    withDatabase(home, (db) => {
      for (let i = 0; i < 40; i += 1) {
        seedObservation(db, {
          project: 'webshop',
          title: `Cart test ${i} passes`,
          narrative: 'ran tests',
        });
      }
      seedObservation(db, {
        project: 'webshop',
        title: 'Invoice totals rounded half-even in billing',
        narrative: 'The invoices module rounds totals with banker rounding to match the ledger.',
      });
    });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await stopWorker(home);
    home.cleanup();
  });

  it('lists the injection with the rare terms that let it in', async () => {
    const res = await workerRequest(home.port, '/api/recall/prompt', {
      method: 'POST',
      token: tokenOf(home),
      timeoutMs: 10_000,
      body: { session_id: 'why-1', project: 'webshop', prompt: 'why is the invoice rounding off?' },
    });
    assert.equal(res.status, 200);
    const body = res.body as { ids: number[]; reasons: Array<{ id: number; reason: string }> };
    assert.equal(body.ids.length, 1);
    const { page } = await openViewer(browser, home, { hash: '#/status' });
    const reason = page.getByTestId('recall-reason').first();
    await reason.waitFor({ timeout: 20_000 });
    assert.equal(await reason.innerText(), `why: ${body.reasons[0]!.reason}`);
    const list = await page.getByTestId('recall-injections').innerText();
    assert.match(list, /prompt[\s\S]*Invoice totals rounded half-even/);
  });
});
