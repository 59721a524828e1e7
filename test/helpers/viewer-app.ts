import type { TestContext } from 'node:test';
import { createApp, type WorkerDeps } from '../../src/worker/index.ts';
import type { WorkerService } from '../../src/worker/service.ts';
import { createViewerService } from '../../src/worker/viewer/viewer-service.ts';
import { routeCaller } from './route-call.ts';
import { createTestDeps } from './worker-deps.ts';

/**
 * The worker app with the viewer's routes (no UI folder, empty env) on test deps whose clock reads
 * `now`, the viewer stopped when the test ends. `more` adds services built on the same deps;
 * `call` and `get` send the viewer's token header. `B` is the body shape the test reads.
 */
export function viewerApp<B = Record<string, unknown>>(
  t: TestContext,
  now: number,
  more: (deps: WorkerDeps) => WorkerService[] = () => [],
) {
  const deps = createTestDeps(t, { now: () => now });
  const viewer = createViewerService(deps, { uiDir: undefined, env: {} });
  t.after(() => viewer.stop());
  const call = routeCaller<B>(createApp(deps, [viewer, ...more(deps)]), 'x-claude-mem-token');
  return { deps, call, get: (path: string) => call('GET', path) };
}
