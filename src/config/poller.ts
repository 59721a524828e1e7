/** A background job run on a timer and on demand, never twice at once. */
export interface Poller {
  start(): void;
  /** Runs soon; during a run, schedules exactly one more. Skipped while backing off. */
  kick(): void;
  /** Stops the timer and waits for the run in flight. */
  stop(): Promise<void>;
  /** The run in flight, if any. */
  current(): Promise<void> | undefined;
}

/** How a Poller runs its job. */
export interface PollerOptions {
  run: () => Promise<void>;
  intervalMs: number;
  /** Called when a run rejects; the poller then waits intervalMs * 2^failures (capped). */
  onError: (error: unknown) => void;
  maxBackoffMs?: number;
  now?: () => number;
}

/**
 * Coalescing scheduler with exponential backoff after failures (like the ingest loop, which
 * predates it). The timer is unref'd: it never keeps a process alive.
 */
export function createPoller(options: PollerOptions): Poller {
  const now = options.now ?? Date.now;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const backoff = { failures: 0, until: 0 };
  const succeeded = (): void => {
    backoff.failures = 0;
  };
  const failed = (error: unknown): void => {
    backoff.failures += 1;
    const wait = options.intervalMs * 2 ** backoff.failures;
    backoff.until = now() + Math.min(options.maxBackoffMs ?? 300_000, wait);
    options.onError(error);
  };
  const kick = (): void => {
    if (stopped || now() < backoff.until) return;
    if (running) {
      again = true;
      return;
    }
    running = options
      .run()
      .then(succeeded, failed)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  };
  return {
    start() {
      timer = setInterval(kick, options.intervalMs);
      timer.unref();
      kick();
    },
    kick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
    current: () => running,
  };
}
