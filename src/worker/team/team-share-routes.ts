import { Hono } from 'hono';
import {
  getObservations,
  getSummaryScope,
  setScope,
  type Db,
  type ScopedKind,
} from '../../store/index.ts';
import { AppError } from '../errors.ts';
import { presentItem } from '../viewer/viewer-present.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { IdParamSchema, jsonBody } from '../recall/recall-input.ts';
import { ShareBodySchema } from '../viewer/viewer-input.ts';

function idOf(text: string): number {
  const parsed = IdParamSchema.safeParse(text);
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'id: expected a positive whole number');
  return parsed.data;
}

const missing = (kind: ScopedKind, id: number) =>
  new AppError('NOT_FOUND', `no ${kind} ${kind === 'summary' ? 'S' : '#'}${id}`);

/** The observation as the feed shows it (what the viewer's card is redrawn from). */
function observation(db: Db, id: number) {
  const [record] = getObservations(db, [id]);
  if (!record) throw missing('observation', id);
  return presentItem({ kind: 'observation', ...record });
}

/**
 * POST /api/observations/:id/share and POST /api/summaries/:id/share, body
 * `{"scope": "team" | "private"}` (default team): shares or unshares one of this machine's
 * memories; migration 008's triggers queue what team sync pushes. A teammate's memory answers
 * 403 naming its author (the error handler maps ReadOnlyMemoryError). Both need the token.
 */
export function teamShareRoutes(deps: WorkerDeps): Hono {
  return new Hono()
    .post('/api/observations/:id/share', async (c) => {
      const id = idOf(c.req.param('id'));
      const { scope } = ShareBodySchema.parse(await jsonBody(c.req));
      if (!setScope(deps.db, 'observation', id, scope)) throw missing('observation', id);
      return c.json(observation(deps.db, id));
    })
    .post('/api/summaries/:id/share', async (c) => {
      const id = idOf(c.req.param('id'));
      const { scope } = ShareBodySchema.parse(await jsonBody(c.req));
      if (!setScope(deps.db, 'summary', id, scope)) throw missing('summary', id);
      return c.json(getSummaryScope(deps.db, id));
    });
}
