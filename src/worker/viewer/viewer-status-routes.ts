import { Hono } from 'hono';
import { logFile } from '../../config/index.ts';
import { listFailedEvents } from '../../store/index.ts';
import { tailLog } from './viewer-logs.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { FailedQuerySchema, LogsQuerySchema } from './viewer-input.ts';

/**
 * GET /api/logs?lines=N (1-2000, default 200): the end of claude-mem.log, oldest line first.
 * GET /api/failed-events?limit=N: failed tool events with their reasons, without their content
 * (the compression status route has the counts and the retry).
 */
export function viewerStatusRoutes(deps: WorkerDeps): Hono {
  return new Hono()
    .get('/api/logs', (c) => {
      const { lines } = LogsQuerySchema.parse(c.req.query());
      return c.json({ lines: tailLog(logFile(deps.dataDir), lines) });
    })
    .get('/api/failed-events', (c) => {
      const { limit } = FailedQuerySchema.parse(c.req.query());
      return c.json({ items: listFailedEvents(deps.db, limit) });
    });
}
