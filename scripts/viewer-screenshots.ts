// Takes the README's screenshots of the viewer: feed, settings and status, light and dark, wide
// (1280 px) and narrow (390 px), from a real worker filled through the hook commands.
// Run: npm run build && node --import tsx scripts/viewer-screenshots.ts
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, openViewer } from '../test/helpers/browser.ts';
import { seedViewerCorpus } from '../test/helpers/viewer-corpus.ts';
import { startViewerHome, type ViewerHome } from '../test/helpers/viewer-seed.ts';
import { stopWorker } from '../test/helpers/worker.ts';

const OUT = join(import.meta.dirname, '..', 'docs', 'screenshots');
const VIEWS = [
  ['feed', '#/'],
  ['settings', '#/settings'],
  ['status', '#/status'],
] as const;
const SIZES = [
  ['wide', 1280, 860],
  ['narrow', 390, 844],
] as const;

async function shoot(browser: Browser, home: ViewerHome): Promise<string[]> {
  const files: string[] = [];
  for (const [view, hash] of VIEWS) {
    for (const [size, width, height] of SIZES) {
      for (const scheme of ['light', 'dark'] as const) {
        const { context, page } = await openViewer(browser, home, {
          hash,
          width,
          height,
          colorScheme: scheme,
        });
        await page
          .locator(view === 'feed' ? 'article.card' : 'main h2')
          .first()
          .waitFor();
        await page.waitForTimeout(700);
        const file = join(OUT, `${view}-${size}-${scheme}.png`);
        await page.screenshot({ path: file });
        files.push(file);
        await context.close();
      }
    }
  }
  return files;
}

mkdirSync(OUT, { recursive: true });
const home = await startViewerHome();
const browser = await launchBrowser();
try {
  await seedViewerCorpus(home);
  for (const file of await shoot(browser, home)) console.log(file);
} finally {
  await browser.close();
  await stopWorker(home);
  home.cleanup();
}
