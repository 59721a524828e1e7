import { Hono } from 'hono';
import { getObservations, setPinned, updateObservation, type Db } from '../../store/index.ts';
import { AppError } from '../errors.ts';
import { presentItem } from './viewer-present.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { IdParamSchema, jsonBody } from '../recall/recall-input.ts';
import { ObservationPatchSchema, PinBodySchema } from './viewer-input.ts';

function idOf(text: string): number {
  const parsed = IdParamSchema.safeParse(text);
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'id: expected a positive whole number');
  return parsed.data;
}

/** The observation as the feed shows it, or 404. */
function current(db: Db, id: number) {
  const [record] = getObservations(db, [id]);
  if (!record) throw new AppError('NOT_FOUND', `no observation ${id}`);
  return presentItem({ kind: 'observation', ...record });
}

/**
 * PATCH /api/observations/:id (title, narrative, facts) and POST /api/observations/:id/pin
 * (`{"pinned": false}` unpins): the viewer's edits. Full-text search sees them at once; the
 * embedder re-embeds the row on its next pass (it watches `updated_at`). Both need the token.
 */
export function viewerMemoryRoutes(deps: WorkerDeps): Hono {
  return new Hono()
    .patch('/api/observations/:id', async (c) => {
      const id = idOf(c.req.param('id'));
      const patch = ObservationPatchSchema.parse(await jsonBody(c.req));
      if (!updateObservation(deps.db, id, patch, deps.now())) {
        throw new AppError('NOT_FOUND', `no observation ${id}`);
      }
      return c.json(current(deps.db, id));
    })
    .post('/api/observations/:id/pin', async (c) => {
      const id = idOf(c.req.param('id'));
      const { pinned } = PinBodySchema.parse(await jsonBody(c.req));
      if (!setPinned(deps.db, id, pinned, deps.now())) {
        throw new AppError('NOT_FOUND', `no observation ${id}`);
      }
      return c.json(current(deps.db, id));
    });
}
