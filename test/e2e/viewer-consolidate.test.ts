import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NEEDS_CHROMIUM } from '../helpers/browser.ts';
import { plantStore, type PlantedStore } from '../helpers/consolidation-seed.ts';
import { queryDb } from '../helpers/db.ts';
import { withDatabase } from '../helpers/recall-home.ts';
import type { ViewerHome } from '../helpers/viewer-seed.ts';
import { viewerSuite } from '../helpers/viewer-suite.ts';

// Must show 3 of issue 34 in real Chromium: the Consolidate page shows the proposal as a diff,
// applies it only when asked, and its journal undoes it exactly.

const rows = (home: ViewerHome) =>
  JSON.stringify(queryDb(home.dataDir, 'SELECT * FROM observations ORDER BY id'));

describe('the viewer consolidate page', NEEDS_CHROMIUM, () => {
  let planted: PlantedStore;
  const viewer = viewerSuite({
    seed: (home) => {
      planted = withDatabase(home, plantStore);
    },
  });

  it('shows the proposal, applies it on the button, and undoes it from the journal', async () => {
    const before = rows(viewer.home);
    const { context, page } = await viewer.open({ hash: '#/consolidate' });
    await page.getByLabel('Project').selectOption('alpha');
    const diff = page.getByRole('list', { name: 'Proposed changes' });
    await diff
      .getByText(`= #${planted.skew[0]} Fixed token refresh clock skew in auth module`)
      .waitFor();
    assert.deepEqual(await diff.locator('.folded').allTextContents(), [
      `− #${planted.cache[1]} Build cache lives in .turbo folder`,
      `− #${planted.skew[1]} Fixed the token refresh clock skew in auth`,
      `− #${planted.skew[2]} Fixed token refresh clock skew in auth`,
    ]);
    assert.deepEqual(await diff.locator('.drop').allTextContents(), [
      `drop #${planted.noise} (noise): Ran ls -la`,
    ]);
    assert.equal(rows(viewer.home), before);

    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Undo #1' }).waitFor();
    await page.getByText('Nothing to consolidate.').waitFor();
    assert.notEqual(rows(viewer.home), before);

    await page.getByRole('button', { name: 'Undo #1' }).click();
    await page.getByText(/#1 .*: 3 merged, 1 dropped \(undone\)/).waitFor();
    assert.equal(rows(viewer.home), before);
    await context.close();
  });
});
