import type { TestContext } from 'node:test';

/** Starts a fake server with `start` and closes it when the test ends. */
export async function serverForTest<S extends { close(): unknown }>(
  t: TestContext,
  start: () => Promise<S>,
): Promise<S> {
  const server = await start();
  t.after(() => server.close());
  return server;
}
