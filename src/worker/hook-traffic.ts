import type { MiddlewareHandler } from 'hono';

/** Paths a hook waits on: the SessionStart context and prompt-/file-time recall. */
const HOOK_PATHS = ['/api/context', '/api/recall/'];

/** Requests a hook is waiting on, and a way for background work to let them pass first. */
export interface HookTraffic {
  /** Counts the hook requests in flight (mount before the routes). */
  middleware: MiddlewareHandler;
  /**
   * Resolves once no hook request is in flight (at most `maxMs` later), after letting pending
   * I/O run: background work calls it between its synchronous steps.
   */
  quiet(maxMs: number): Promise<void>;
  /**
   * Runs `work` with the calling hook request not counted: a request that itself waits on
   * background work (the first SessionStart waiting for its team pull) must not hold that work
   * back, or each waits for the other until the cap.
   */
  aside<T>(work: () => Promise<T>): Promise<T>;
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * Hook traffic: better-sqlite3 is synchronous, so a slice of a team pull blocks the worker's
 * event loop while it is written; a hook that asks meanwhile waits for it. Pulls call `quiet`
 * before each slice, so a SessionStart or recall request that arrived is answered before the
 * next slice starts (issue 30: SessionStart took ~7.7 s during a 50,000-row pull).
 */
export function createHookTraffic(): HookTraffic {
  let inFlight = 0;
  return {
    middleware: async function countHookRequests(c, next) {
      if (!HOOK_PATHS.some((path) => c.req.path.startsWith(path))) return next();
      inFlight += 1;
      try {
        await next();
      } finally {
        inFlight -= 1;
      }
    },
    async aside(work) {
      inFlight -= 1;
      try {
        return await work();
      } finally {
        inFlight += 1;
      }
    },
    async quiet(maxMs) {
      await new Promise((done) => setImmediate(done));
      for (const started = Date.now(); inFlight > 0 && Date.now() - started < maxMs;) {
        await sleep(5);
      }
    },
  };
}
