import { CompressError, isTransient } from './compress-error.ts';

/** Bounded retries with exponential backoff and jitter. */
export interface RetryOptions {
  /** Retries after the first try (0: try once). */
  retries: number;
  /** Delay before the first retry; doubles each time. */
  baseMs: number;
  /** Longest single wait; a Retry-After beyond it ends the retries at once. */
  maxMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * The wait before retry `n` (0-based). Without Retry-After: base * 2^n scaled by 50-100 %
 * jitter. With it, the provider's wait is a floor (RFC 9110 section 10.2.3: sooner is refused
 * again) and the jitter, up to a quarter more, only lengthens it.
 */
export function backoffMs(n: number, options: RetryOptions, retryAfterSeconds?: number): number {
  const max = options.maxMs ?? 30_000;
  const random = (options.random ?? Math.random)();
  if (retryAfterSeconds !== undefined) {
    const floor = retryAfterSeconds * 1000;
    return Math.max(floor, Math.min(max, floor * (1 + random * 0.25)));
  }
  return Math.min(max, options.baseMs * 2 ** n) * (0.5 + random * 0.5);
}

/**
 * Runs `attempt` until it succeeds, throws something not transient, or `retries` retries were
 * spent; the last error is rethrown with the number of tries in its message. A Retry-After
 * longer than `maxMs` is not waited for: the caller marks the work failed and comes back later.
 */
export async function withRetries<T>(
  attempt: (n: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const sleep = options.sleep ?? defaultSleep;
  for (let n = 0; ; n += 1) {
    try {
      return await attempt(n);
    } catch (error) {
      const tooLong =
        isTransient(error) && (error.retryAfterSeconds ?? 0) * 1000 > (options.maxMs ?? 30_000);
      if (!isTransient(error) || n >= options.retries || tooLong) throw withTries(error, n + 1);
      await sleep(backoffMs(n, options, error.retryAfterSeconds));
    }
  }
}

function withTries(error: unknown, tries: number): unknown {
  if (!(error instanceof CompressError) || tries === 1) return error;
  return new CompressError(error.code, `${error.summary} (after ${tries} tries)`, {
    detail: error.detail,
    transient: error.transient,
    retryAfterSeconds: error.retryAfterSeconds,
    usage: error.usage,
    cause: error.cause,
  });
}
