// Takes the README's screenshots of the viewer: feed, overview, settings and status, light and
// dark, wide (1280 px) and narrow (390 px), from a real worker filled through the hook commands.
// The corpus is compressed by the heuristic, which costs nothing, so a week of LLM spend is
// recorded by hand for the overview's tokens-and-cost chart.
// Run: npm run build && node --import tsx scripts/viewer-screenshots.ts
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, openViewer } from '../test/helpers/browser.ts';
import { localDay, recordUsage } from '../src/store/index.ts';
import { withDatabase } from '../test/helpers/recall-home.ts';
import { seedViewerCorpus } from '../test/helpers/viewer-corpus.ts';
import { startViewerHome, type ViewerHome } from '../test/helpers/viewer-seed.ts';
import { stopWorker } from '../test/helpers/worker.ts';

const OUT = join(import.meta.dirname, '..', 'docs', 'screenshots');
const VIEWS = [
  ['feed', '#/'],
  ['overview', '#/overview'],
  ['settings', '#/settings'],
  ['status', '#/status'],
] as const;
const SIZES = [
  ['wide', 1280, 860],
  ['narrow', 390, 844],
] as const;

/** A week of illustrative compression spend in the corpus's two projects. */
function seedSpend(home: ViewerHome): void {
  const call = { provider: 'anthropic', model: 'claude-haiku-4-5', calls: 4, durationMs: 9_000 };
  withDatabase(home, (db) => {
    for (let day = 0; day < 7; day += 1) {
      for (const [project, scale] of [
        ['webshop', 1],
        ['parser-lib', 0.4],
      ] as const) {
        const tokensIn = Math.round((8_000 + ((day * 3_700) % 9_000)) * scale);
        const tokensOut = Math.round(tokensIn / 9);
        const costUsd = (tokensIn * 1 + tokensOut * 5) / 1_000_000;
        const at = Date.now() - day * 86_400_000;
        recordUsage(db, { ...call, day: localDay(at), project, tokensIn, tokensOut, costUsd });
      }
    }
  });
}

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
          .locator(
            view === 'feed'
              ? 'article.card'
              : view === 'overview'
                ? 'main svg.recharts-surface'
                : 'main h2',
          )
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
  seedSpend(home);
  for (const file of await shoot(browser, home)) console.log(file);
} finally {
  await browser.close();
  await stopWorker(home);
  home.cleanup();
}
