import { after, before } from 'node:test';

/**
 * A value `start` makes before the enclosing suite's (or file's) tests and `stop` ends after
 * them; the returned function reads it inside a test and throws if it has not started.
 */
export function suiteFixture<T>(
  start: () => Promise<T>,
  stop: (value: T) => Promise<void>,
): () => T {
  let value: { current: T } | undefined;
  before(async () => {
    value = { current: await start() };
  });
  after(async () => {
    if (value) await stop(value.current);
  });
  return () => {
    if (!value) throw new Error('read a suite fixture before its before() ran');
    return value.current;
  };
}
