import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeAnchors } from '../../src/anchors/index.ts';
import { writeAnchors } from '../../src/store/index.ts';
import { card, launchBrowser, NEEDS_CHROMIUM, openViewer } from '../helpers/browser.ts';
import { gitRepo } from '../helpers/git-repo.ts';
import { recallHome, withDatabase } from '../helpers/recall-home.ts';
import { seedObservation, seedSession } from '../helpers/seed-memory.ts';
import { startWorker } from '../helpers/worker.ts';

const SUITE = 'the viewer shows whether the code of each memory is still as it was';

describe(SUITE, NEEDS_CHROMIUM, () => {
  it('a changed memory says so and names the file; "Still true" re-anchors it', async (t) => {
    const home = await recallHome(t);
    const repo = gitRepo(home.projectDir);
    repo.write('a.ts', 'export const a = 1;\n');
    repo.write('b.ts', 'export const b = 1;\n');
    repo.commit('start');
    withDatabase(home, (db) => {
      const now = Date.now();
      const session = seedSession(db, 'sess-v', home.project, { root: home.projectDir, at: now });
      const origin = { cwd: home.projectDir, projectRoot: home.projectDir, turnEnd: now };
      for (const [file, title] of [
        ['a.ts', 'How a works'],
        ['b.ts', 'How b works'],
      ] as const) {
        const id = seedObservation(db, { title, sessionRowId: session, filesRead: [file] });
        writeAnchors(db, id, makeAnchors([file], origin), now);
      }
    });
    repo.write('b.ts', 'export const b = 2;\n');
    await startWorker(home);
    const browser = await launchBrowser();
    t.after(() => browser.close());
    const { page } = await openViewer(browser, home);
    const changed = card(page, 'How b works', 'observation');
    await changed.locator('.anchor-changed').waitFor();
    assert.match((await changed.locator('.anchor').textContent()) ?? '', /Code changed\s*b\.ts/);
    const fresh = card(page, 'How a works', 'observation');
    await fresh.locator('.anchor-fresh').waitFor();
    await changed.getByRole('button', { name: 'Still true' }).click();
    await changed.locator('.anchor-fresh').waitFor();
    assert.equal(await changed.getByRole('button', { name: 'Still true' }).count(), 0);
  });
});
