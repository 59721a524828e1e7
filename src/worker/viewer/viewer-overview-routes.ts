import { Hono } from 'hono';
import { projectOverview, recallUsage, usageReport } from '../../store/index.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { OverviewQuerySchema, UsageQuerySchema } from './overview-input.ts';

/**
 * GET /api/usage?by=day|month&project=P: compression calls, tokens and estimated dollars per
 * period and project, with totals, and the injection ledger per period (`recall`: memories and
 * tokens injected, the used share) (`claude-mem usage`).
 * GET /api/overview?project=P&days=N: the viewer's overview charts (see projectOverview).
 */
export function viewerOverviewRoutes(deps: WorkerDeps): Hono {
  return new Hono()
    .get('/api/usage', (c) => {
      const { by, project } = UsageQuerySchema.parse(c.req.query());
      const recall = recallUsage(deps.db, by, project ?? null);
      return c.json({ ...usageReport(deps.db, by, project ?? null), recall });
    })
    .get('/api/overview', (c) => {
      const { project, days } = OverviewQuerySchema.parse(c.req.query());
      return c.json(projectOverview(deps.db, { project: project ?? null, days, now: deps.now() }));
    });
}
