import { Hono } from 'hono';
import {
  getObservations,
  memoryUse,
  neverUsed,
  recallChart,
  resetDecay,
} from '../../store/index.ts';
import { AppError } from '../errors.ts';
import { IdParamSchema } from '../recall/recall-input.ts';
import { OverviewQuerySchema } from '../viewer/overview-input.ts';
import type { WorkerDeps } from '../worker-deps.ts';

/** The never-used list's length: the worst offenders, not an inventory. */
const NEVER_USED_LIMIT = 10;

function idOf(text: string): number {
  const parsed = IdParamSchema.safeParse(text);
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'id: expected a positive whole number');
  return parsed.data;
}

function mustExist(deps: WorkerDeps, id: number): void {
  if (getObservations(deps.db, [id]).length === 0) {
    throw new AppError('NOT_FOUND', `no observation ${id}`);
  }
}

/**
 * The injection ledger's routes (issue 35):
 * GET /api/overview/recall?project&days: injected vs used per day and moment, and the memories
 * most injected and never used (the viewer's overview);
 * GET /api/observations/:id/use: when one memory was injected and used (`show ID`);
 * POST /api/observations/:id/unsink: resets its decay (its past neglect no longer sinks it).
 */
export function ledgerRoutes(deps: WorkerDeps): Hono {
  return new Hono()
    .get('/api/overview/recall', (c) => {
      const { project, days } = OverviewQuerySchema.parse(c.req.query());
      const scope = project ?? null;
      return c.json({
        chart: recallChart(deps.db, { project: scope, days, now: deps.now() }),
        neverUsed: neverUsed(deps.db, { project: scope, limit: NEVER_USED_LIMIT }),
      });
    })
    .get('/api/observations/:id/use', (c) => {
      const id = idOf(c.req.param('id'));
      mustExist(deps, id);
      return c.json(memoryUse(deps.db, id));
    })
    .post('/api/observations/:id/unsink', (c) => {
      const id = idOf(c.req.param('id'));
      mustExist(deps, id);
      resetDecay(deps.db, id, deps.now());
      return c.json(memoryUse(deps.db, id));
    });
}
