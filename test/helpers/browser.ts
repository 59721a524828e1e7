import { accessSync, constants } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { requestOpenLink } from '../../src/client/index.ts';

/** Debian's Chromium (installed by .ci/run); never a downloaded browser. */
export const CHROMIUM = process.env.CLAUDE_MEM_CHROMIUM ?? '/usr/bin/chromium';

const MISSING = `no Chromium at ${CHROMIUM}: the browser tests need it (apt-get install chromium, or set CLAUDE_MEM_CHROMIUM to one)`;

function chromiumFound(): boolean {
  try {
    accessSync(CHROMIUM, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The skip reason of a browser suite on a machine without Chromium (a bare clone: the run's
 * summary shows the reason once for all of them), or undefined when it can run. Under CI
 * (`CI=true`, set by .ci/run, which installs Chromium) it never skips: a missing browser there
 * must fail the suites, not hide them.
 */
export function chromiumMissing(): string | undefined {
  return chromiumFound() || process.env.CI === 'true' ? undefined : MISSING;
}

/** The options of a browser suite: `describe('...', NEEDS_CHROMIUM, () => ...)`. */
export const NEEDS_CHROMIUM = { skip: chromiumMissing() };

/** Flags for a closed network: no background calls home that would be refused. */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts Chromium headless with a fresh temporary profile; without one, fails saying so. */
export async function launchBrowser(): Promise<Browser> {
  if (!chromiumFound()) throw new Error(MISSING);
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
}

/** A viewport: wide (1280) or narrow (390, a phone); `hash` picks a page (`#/settings`). */
export interface ViewOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  hash?: string;
}

/**
 * A new context (own storage, so no cookie yet) and page, signed in as a user is: through a
 * one-time link from the worker (what `claude-mem open` prints), which the page trades for its
 * cookie before it redirects to the clean URL (the hash survives the redirect).
 */
export async function openViewer(
  browser: Browser,
  home: { port: number; dataDir: string },
  options: ViewOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const url = `${await requestOpenLink(home.port, home.dataDir)}${options.hash ?? ''}`;
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

/** The cards of the list (of one kind: observation, summary, prompt), located by their text. */
export const card = (page: Page, text: string, kind = '') =>
  page.locator(`article.card${kind ? `.${kind}` : ''}`, { hasText: text });

/** Just enough of the page's globals for a function run in the page (no DOM lib here). */
interface PageGlobals {
  document: { querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }> };
}

/**
 * Waits until at least `min` elements match `selector` and the text of every one matches
 * `pattern` (a filter has been applied and its list loaded); returns their texts.
 */
export async function waitForAllText(
  page: Page,
  selector: string,
  pattern: RegExp,
  min = 1,
): Promise<string[]> {
  await page.waitForFunction(
    (arg) => {
      const nodes = Array.from(
        (globalThis as unknown as PageGlobals).document.querySelectorAll(arg.selector),
      );
      const re = new RegExp(arg.source, arg.flags);
      return nodes.length >= arg.min && nodes.every((node) => re.test(node.textContent ?? ''));
    },
    { selector, source: pattern.source, flags: pattern.flags, min },
  );
  return page.locator(selector).allInnerTexts();
}
