import { Hono } from 'hono';
import { z } from 'zod';
import { listEvents, listPrompts, listSessions } from '../store/index.ts';
import type { WorkerDeps } from './worker-deps.ts';

/** Query of the paginated listings; every field optional, numbers given as strings. */
export const ListQuerySchema = z.object({
  project: z.string().min(1).optional(),
  session_id: z.string().min(1).optional(),
  state: z.enum(['pending', 'compressed', 'skipped', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** GET /api/sessions, /api/events, /api/prompts: newest first, paginated, by project. */
export function listRoutes(deps: WorkerDeps): Hono {
  const parse = (query: Record<string, string>) => {
    const q = ListQuerySchema.parse(query);
    return {
      filter: { project: q.project, sessionId: q.session_id, state: q.state },
      page: { limit: q.limit, offset: q.offset },
    };
  };
  return new Hono()
    .get('/api/sessions', (c) => {
      const { filter, page } = parse(c.req.query());
      return c.json({ items: listSessions(deps.db, filter.project, page), ...page });
    })
    .get('/api/events', (c) => {
      const { filter, page } = parse(c.req.query());
      return c.json({ items: listEvents(deps.db, filter, page), ...page });
    })
    .get('/api/prompts', (c) => {
      const { filter, page } = parse(c.req.query());
      return c.json({ items: listPrompts(deps.db, filter, page), ...page });
    });
}
