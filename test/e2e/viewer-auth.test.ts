import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { requestOpenLink } from '../../src/client/index.ts';
import { card, launchBrowser, NEEDS_CHROMIUM } from '../helpers/browser.ts';
import { saveMemory } from '../helpers/viewer-corpus.ts';
import { startViewerHome, type ViewerHome } from '../helpers/viewer-seed.ts';
import { stopWorker, tokenOf } from '../helpers/worker.ts';

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
  let home: ViewerHome;
  let browser: Browser;

  before(async () => {
    home = await startViewerHome();
    await saveMemory(home, { title: 'Signed-in viewers see this', text: 'a memory', project: 'p' });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await stopWorker(home);
    home.cleanup();
  });

  it('opens the feed from the link, at the clean URL, with an HttpOnly SameSite=Strict cookie', async () => {
    const link = await requestOpenLink(home.port, home.dataDir);
    const context = await browser.newContext();
    const page = await context.newPage();
    const answer = await page.goto(`${link}#/`);
    assert.equal(answer?.status(), 200);
    await card(page, 'Signed-in viewers see this').waitFor();
    assert.equal(page.url(), `http://127.0.0.1:${home.port}/#/`);
    const cookies = await context.cookies();
    assert.deepEqual(
      cookies.map((cookie) => [cookie.name, cookie.httpOnly, cookie.sameSite]),
      [[`claude_mem_${home.port}`, true, 'Strict']],
    );
    const seen = await page.evaluate(() => {
      const { document } = globalThis as unknown as PageGlobals;
      return { cookie: document.cookie, html: document.documentElement.outerHTML };
    });
    assert.equal(seen.cookie, '', 'the page script cannot read the cookie');
    assert.ok(!seen.html.includes(tokenOf(home)), 'the page holds no token');
    assert.doesNotMatch(seen.html, /claude-mem-token/);

    const again = await (await browser.newContext()).newPage();
    const spent = await again.goto(link);
    assert.equal(spent?.status(), 401);
    assert.match(await again.innerText('body'), /used or expired[^]*claude-mem open/);
    const bare = await again.goto(`http://127.0.0.1:${home.port}/`);
    assert.equal(bare?.status(), 401);
    assert.equal(await again.locator('article.card').count(), 0);
    await context.close();
  });
});
