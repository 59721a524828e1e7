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
  /** Marks a session as active now (the worker calls it when captured events are ingested). */
  touch(): void;
  /**
   * While a session is active (a hook request or an ingest in the last ACTIVE_MS), waits as long
   * as the background work's last step took (at most MAX_PACE_MS), so that work takes at most
   * half a core from the hooks; on an idle machine it returns at once.
   */
  pace(workedMs: number): Promise<void>;
}

/** How long after the last hook request or ingest a session counts as active. */
export const ACTIVE_MS = 15_000;

/** The longest pause `pace` makes. */
export const MAX_PACE_MS = 250;

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * Hook traffic: better-sqlite3 is synchronous, so a slice of a team pull blocks the worker's
 * event loop while it is written; a hook that asks meanwhile waits for it. Pulls call `quiet`
 * before each slice, so a SessionStart or recall request that arrived is answered before the
 * next slice starts (issue 30: SessionStart took ~7.7 s during a 50,000-row pull). A hook
 * process also competes with the pull for the CPU before it ever reaches the worker (PostToolUse
 * asks the worker nothing and still took 2.1x its idle time during a pull on 2 cores), so while
 * a session is active the pull also `pace`s itself: a pause as long as its last slice.
 */
export function createHookTraffic(
  now: () => number = Date.now,
  pause: (ms: number) => Promise<void> = sleep,
): HookTraffic {
  let inFlight = 0;
  let activeAt = Number.NEGATIVE_INFINITY;
  return {
    middleware: async function countHookRequests(c, next) {
      if (!HOOK_PATHS.some((path) => c.req.path.startsWith(path))) return next();
      inFlight += 1;
      activeAt = now();
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
    touch() {
      activeAt = now();
    },
    async pace(workedMs) {
      if (now() - activeAt > ACTIVE_MS) return;
      await pause(Math.min(Math.max(workedMs, 0), MAX_PACE_MS));
    },
    async quiet(maxMs) {
      await new Promise((done) => setImmediate(done));
      for (const started = Date.now(); inFlight > 0 && Date.now() - started < maxMs;) {
        await sleep(5);
      }
    },
  };
}
