import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NEEDS_CHROMIUM } from '../helpers/browser.ts';
import { withDatabase } from '../helpers/recall-home.ts';
import { seedObservation } from '../helpers/seed-memory.ts';
import { viewerSuite } from '../helpers/viewer-suite.ts';
import { workerRequest } from '../../src/client/index.ts';
import { tokenOf } from '../helpers/worker.ts';

/**
 * Issue 32: the viewer's recall panel shows, per injected memory, why it was chosen: a prompt
 * asks the real worker for memories, and the status page lists the injection and its reason.
 */
describe('the viewer shows why each recalled memory was injected', NEEDS_CHROMIUM, () => {
  const viewer = viewerSuite({
    seed: (home) => {
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
    },
  });

  it('lists the injection with the rare terms that let it in', async () => {
    const res = await workerRequest(viewer.home.port, '/api/recall/prompt', {
      method: 'POST',
      token: tokenOf(viewer.home),
      timeoutMs: 10_000,
      body: { session_id: 'why-1', project: 'webshop', prompt: 'why is the invoice rounding off?' },
    });
    assert.equal(res.status, 200);
    const body = res.body as { ids: number[]; reasons: Array<{ id: number; reason: string }> };
    assert.equal(body.ids.length, 1);
    const { page } = await viewer.open({ hash: '#/status' });
    const reason = page.getByTestId('recall-reason').first();
    await reason.waitFor({ timeout: 20_000 });
    assert.equal(await reason.innerText(), `why: ${body.reasons[0]!.reason}`);
    const list = await page.getByTestId('recall-injections').innerText();
    assert.match(list, /prompt[\s\S]*Invoice totals rounded half-even/);
  });
});
