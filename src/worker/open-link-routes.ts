import { Hono } from 'hono';
import { OPEN_LINK_TTL_MS } from './open-links.ts';
import type { WorkerDeps } from './worker-deps.ts';

/** A new one-time sign-in link to the viewer of this worker. */
export const openLinkUrl = (deps: Pick<WorkerDeps, 'port' | 'links'>): string =>
  `http://127.0.0.1:${deps.port}/?token=${deps.links.mint()}`;

/**
 * POST /api/viewer/open-link (token required, like every route): a one-time viewer URL for
 * `claude-mem open`, the worker's start line and the demo.
 */
export function openLinkRoutes(deps: WorkerDeps): Hono {
  return new Hono().post('/api/viewer/open-link', (c) =>
    c.json({ url: openLinkUrl(deps), expiresInMs: OPEN_LINK_TTL_MS }),
  );
}
