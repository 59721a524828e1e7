import { after, before } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openViewer, type ViewOptions } from './browser.ts';
import { startViewerHome, type ViewerHome } from './viewer-seed.ts';
import { stopWorker } from './worker.ts';

/** What a browser suite adds to the common set-up. */
export interface ViewerSuiteOptions {
  /** Extra worker env; a function when it depends on an earlier `before` (a fake's URL). */
  env?: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv);
  /** Fills the home once its worker runs, before the browser starts. */
  seed?: (home: ViewerHome) => unknown;
  /** Runs after the browser closes and before the worker stops. */
  beforeStop?: () => unknown;
}

/** The suite's worker home and browser (read inside tests), and a signed-in page opener. */
export interface ViewerSuite {
  readonly home: ViewerHome;
  readonly browser: Browser;
  open(view?: ViewOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** Opens a page and waits until its live stream is connected (the live dot shows). */
  openLive(view?: ViewOptions): Promise<{ context: BrowserContext; page: Page }>;
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the viewer suite has no ${what} (its before failed)`);
  return value;
}

/**
 * Registers, inside a `describe`, the `before` that starts a viewer home (the real worker),
 * seeds it and launches Chromium, and the `after` that closes the browser, stops the worker and
 * removes the home.
 */
export function viewerSuite(options: ViewerSuiteOptions = {}): ViewerSuite {
  let home: ViewerHome | undefined;
  let browser: Browser | undefined;
  before(async function startViewerSuite() {
    home = await startViewerHome(typeof options.env === 'function' ? options.env() : options.env);
    await options.seed?.(home);
    browser = await launchBrowser();
  });
  after(async function stopViewerSuite() {
    await browser?.close();
    await options.beforeStop?.();
    if (!home) return;
    await stopWorker(home);
    home.cleanup();
  });
  const suite: ViewerSuite = {
    get home() {
      return required(home, 'home');
    },
    get browser() {
      return required(browser, 'browser');
    },
    open: (view) => openViewer(suite.browser, suite.home, view),
    async openLive(view) {
      const opened = await suite.open(view);
      await opened.page.locator('.processing .dot.live').waitFor();
      return opened;
    },
  };
  return suite;
}
