import type { ChildProcess } from 'node:child_process';
import { createTestHome, type TestHome } from './env.ts';
import { suiteFixture } from './suite-fixture.ts';
import { startWorker, stopWorker } from './worker.ts';

/** The home and worker of a {@link workerForSuite}. */
export interface SuiteWorker {
  home: TestHome;
  worker: ChildProcess;
}

/**
 * A test home with `env` and a running worker for the enclosing `describe`: started before its
 * tests; after them stopped, killed should the stop not end it, and the home removed.
 */
export function workerForSuite(env: NodeJS.ProcessEnv = {}): () => SuiteWorker {
  return suiteFixture(
    async () => {
      const home = await createTestHome(env);
      return { home, worker: await startWorker(home) };
    },
    async ({ home, worker }) => {
      await stopWorker(home);
      worker.kill('SIGKILL');
      home.cleanup();
    },
  );
}
