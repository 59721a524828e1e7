/** A counting semaphore: at most `limit` holders at once, the others wait in order. */
export interface Semaphore {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Holders right now. */
  active(): number;
}

/** Creates a semaphore of `limit` (at least 1). */
export function createSemaphore(limit: number): Semaphore {
  const max = Math.max(1, Math.floor(limit));
  const waiting: Array<() => void> = [];
  let active = 0;
  const acquire = (): Promise<void> => {
    if (active < max) {
      active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  return {
    async run(task) {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    active: () => active,
  };
}
