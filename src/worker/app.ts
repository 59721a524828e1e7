import { Hono } from 'hono';
import { createErrorHandler } from './errors.ts';
import { captureRoutes } from './capture/capture-routes.ts';
import { healthRoutes } from './health-routes.ts';
import { listRoutes } from './list-routes.ts';
import { openLinkRoutes } from './open-link-routes.ts';
import { loopbackOnly, requireToken } from './security.ts';
import type { WorkerService } from './service.ts';
import type { WorkerDeps } from './worker-deps.ts';

/** The worker's HTTP application: security first, then every route family. */
export function createApp(deps: WorkerDeps, services: readonly WorkerService[] = []): Hono {
  const app = new Hono();
  app.onError(createErrorHandler(deps.log));
  app.notFound((c) => c.json({ error: { code: 'NOT_FOUND', message: 'no such endpoint' } }, 404));
  app.use(loopbackOnly({ port: deps.port }));
  app.use(requireToken({ token: deps.token, port: deps.port, links: deps.links }));
  if (deps.hookTraffic) app.use(deps.hookTraffic.middleware);
  for (const routes of [healthRoutes, openLinkRoutes, captureRoutes, listRoutes]) {
    app.route('/', routes(deps));
  }
  for (const service of services) {
    if (service.routes) app.route('/', service.routes);
  }
  return app;
}
