/**
 * One provider's shared pause: when it answers 429 with Retry-After, every call to it waits
 * until then, not only the call that was refused (issue 12 #6: the other turns kept sending
 * 0.2-0.4 s after a 429).
 */
export interface RateGate {
  /** Keeps the gate closed until `ms` from now (a later deadline already set wins). */
  holdFor(ms: number): void;
  /** Resolves once the gate is open, or at once when `signal` is aborted. */
  wait(signal?: AbortSignal): Promise<void>;
}

/**
 * A RateGate on `now` and `sleep` (swapped by tests for a fake clock).
 *
 * @example const gate = createRateGate(); await gate.wait(); send();
 */
export function createRateGate(
  now: () => number = Date.now,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): RateGate {
  let openAt = 0;
  return {
    holdFor(ms) {
      openAt = Math.max(openAt, now() + ms);
    },
    async wait(signal) {
      // Once per deadline: it may move later while we sleep (another 429). Not until now() has
      // passed it, so a test's sleep that does not move the clock cannot make this spin.
      for (let until = 0; openAt > until && !signal?.aborted;) {
        until = openAt;
        const left = until - now();
        if (left > 0) await Promise.race([sleep(left), aborted(signal)]);
      }
    },
  };
}

function aborted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((done) => signal?.addEventListener('abort', () => done(), { once: true }));
}
