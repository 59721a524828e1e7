import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recordInjected, recordUse } from '../../src/store/index.ts';
import { NEEDS_CHROMIUM } from '../helpers/browser.ts';
import { withDatabase } from '../helpers/recall-home.ts';
import { seedObservation } from '../helpers/seed-memory.ts';
import { getJson, type ViewerHome } from '../helpers/viewer-seed.ts';
import { viewerSuite } from '../helpers/viewer-suite.ts';

// Must show 4 of issue 35: the overview's recall chart and never-used list, drawn in real
// Chromium from a seeded store, and the list's one-click pin and forget.

const HOUR = 3_600_000;

interface Seeded {
  ignored: number;
  alsoIgnored: number;
  used: number;
}

/** Five sessions over two days: `ignored` in all of them, `alsoIgnored` in two, `used` used. */
function seed(home: ViewerHome, now: number): Seeded {
  return withDatabase(home, (db) => {
    const memory = (title: string) =>
      seedObservation(db, { title, project: 'webshop', createdAt: now - 72 * HOUR });
    const ids = {
      ignored: memory('Cart totals use integer cents'),
      alsoIgnored: memory('Checkout button colour'),
      used: memory('Payment form posts to /pay'),
    };
    for (let i = 0; i < 5; i += 1) {
      const at = now - (i < 2 ? 26 : 1) * HOUR + i * 1000;
      const items = [{ id: ids.ignored, tokens: 20 }];
      if (i < 2) items.push({ id: ids.alsoIgnored, tokens: 15 });
      recordInjected(db, { sessionId: `s-${i}`, moment: 'session-start', at, items });
    }
    recordInjected(db, {
      sessionId: 's-4',
      moment: 'prompt',
      at: now - HOUR + 10_000,
      items: [{ id: ids.used, tokens: 40 }],
    });
    recordUse(
      db,
      's-4',
      [
        {
          observationId: ids.used,
          signal: 'fetched',
          turn: 1,
          at: now - HOUR + 20_000,
          detail: 'get',
        },
      ],
      true,
    );
    return ids;
  });
}

describe('the viewer overview: recall', NEEDS_CHROMIUM, () => {
  let ids: Seeded;

  const viewer = viewerSuite({
    seed: (home) => {
      ids = seed(home, Date.now());
    },
  });

  it('draws injected against used per day, and per moment', async () => {
    const { context, page } = await viewer.open({ hash: '#/overview' });
    const chart = page.getByTestId('chart-recall');
    await chart.getByText('8 memories injected, 1 used (13%)').waitFor();
    assert.ok((await chart.locator('.recharts-bar-rectangle path').count()) >= 2);
    await chart.getByLabel('Moment').selectOption('prompt');
    await chart.getByText('1 memories injected, 1 used (100%)').waitFor();
    await context.close();
  });

  it('lists the memories most injected and never used; pin and forget are one click', async () => {
    const { context, page } = await viewer.open({ hash: '#/overview' });
    const list = page.getByTestId('never-used');
    const first = list.locator('li').first();
    await first.getByText(`#${ids.ignored} Cart totals use integer cents`).waitFor();
    await first.getByText('5 sessions, 100 tokens, never used').waitFor();
    assert.equal(await list.locator('li').count(), 2);
    assert.equal(await list.getByTestId(`never-used-${ids.used}`).count(), 0);

    await first.getByRole('button', { name: 'Pin' }).click();
    await first.getByRole('button', { name: 'Unpin' }).waitFor();
    const pinned = await getJson<{ items: Array<{ pinned: boolean }> }>(
      viewer.home,
      `/api/observations?ids=${ids.ignored}`,
    );
    assert.equal(pinned.items[0]?.pinned, true);

    await list
      .getByTestId(`never-used-${ids.alsoIgnored}`)
      .getByRole('button', { name: 'Forget' })
      .click();
    await list.locator('li').nth(1).waitFor({ state: 'detached' });
    const gone = await getJson<{ items: unknown[] }>(
      viewer.home,
      `/api/observations?ids=${ids.alsoIgnored}`,
    );
    assert.equal(gone.items.length, 0);
    await context.close();
  });
});
