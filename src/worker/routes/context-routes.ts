import { Hono } from 'hono';
import type { WorkerDeps } from '../worker-deps.ts';

/**
 * GET /api/context: the SessionStart context for a session. Capture gives none yet; the recall
 * layer fills it.
 */
export function contextRoutes(_deps: WorkerDeps): Hono {
  return new Hono().get('/api/context', (c) => c.json({ context: '' }));
}
