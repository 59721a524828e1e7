const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * Polls `probe` every `everyMs` until it returns a value other than undefined, at most `ms`;
 * past that it throws, naming `what` it waited for.
 */
export async function eventually<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  ms = 60_000,
  everyMs = 100,
): Promise<T> {
  for (const started = Date.now(); Date.now() - started < ms; await sleep(everyMs)) {
    const value = await probe();
    if (value !== undefined) return value;
  }
  throw new Error(`waited ${ms / 1000} s for ${what}`);
}
