import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { requestOpenLink } from '../../src/client/index.ts';
import { card, NEEDS_CHROMIUM } from '../helpers/browser.ts';
import { saveMemory } from '../helpers/viewer-corpus.ts';
import { viewerSuite } from '../helpers/viewer-suite.ts';
import { tokenOf } from '../helpers/worker.ts';

/** Just enough of the page's globals for a function run in the page (no DOM lib here). */
interface PageGlobals {
  document: { cookie: string; documentElement: { outerHTML: string } };
}

/**
 * Issue 12 #5 in real Chromium: the viewer is reached only through a one-time link, which the
 * page trades for an HttpOnly, SameSite=Strict cookie; the link then is spent, the page and its
 * URL hold no token, and a browser without the cookie gets nothing.
 */
describe('the viewer signs in through a one-time link', NEEDS_CHROMIUM, () => {
  const viewer = viewerSuite({
    seed: async (home) => {
      await saveMemory(home, {
        title: 'Signed-in viewers see this',
        text: 'a memory',
        project: 'p',
      });
    },
  });

  it('opens the feed from the link, at the clean URL, with an HttpOnly SameSite=Strict cookie', async () => {
    const link = await requestOpenLink(viewer.home.port, viewer.home.dataDir);
    const context = await viewer.browser.newContext();
    const page = await context.newPage();
    const answer = await page.goto(`${link}#/`);
    assert.equal(answer?.status(), 200);
    await card(page, 'Signed-in viewers see this').waitFor();
    assert.equal(page.url(), `http://127.0.0.1:${viewer.home.port}/#/`);
    const cookies = await context.cookies();
    assert.deepEqual(
      cookies.map((cookie) => [cookie.name, cookie.httpOnly, cookie.sameSite]),
      [[`claude_mem_${viewer.home.port}`, true, 'Strict']],
    );
    const seen = await page.evaluate(() => {
      const { document } = globalThis as unknown as PageGlobals;
      return { cookie: document.cookie, html: document.documentElement.outerHTML };
    });
    assert.equal(seen.cookie, '', 'the page script cannot read the cookie');
    assert.ok(!seen.html.includes(tokenOf(viewer.home)), 'the page holds no token');
    assert.doesNotMatch(seen.html, /claude-mem-token/);

    const again = await (await viewer.browser.newContext()).newPage();
    const spent = await again.goto(link);
    assert.equal(spent?.status(), 401);
    assert.match(await again.innerText('body'), /used or expired[^]*claude-mem open/);
    const bare = await again.goto(`http://127.0.0.1:${viewer.home.port}/`);
    assert.equal(bare?.status(), 401);
    assert.equal(await again.locator('article.card').count(), 0);
    await context.close();
  });
});
