import { Hono } from 'hono';
import { forget, forgetSample, purgeProject } from '../../store/index.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { ForgetBodySchema, PurgeBodySchema, selectionOf } from './admin-input.ts';
import { sweepVectors } from './admin-sweep.ts';
import { jsonBody } from '../recall/recall-input.ts';

/**
 * POST /api/admin/forget (observation, summary and prompt ids, or a project and/or time range)
 * and POST /api/admin/purge (a whole project). `dry_run: true` answers what would go (with the
 * first observation titles) and changes nothing. Token required, as for every POST.
 */
export function adminForgetRoutes(deps: WorkerDeps): Hono {
  return new Hono()
    .post('/api/admin/forget', async (c) => {
      const body = ForgetBodySchema.parse(await jsonBody(c.req));
      const selection = selectionOf(body);
      const sample = body.dry_run ? forgetSample(deps.db, selection) : [];
      const counts = forget(deps.db, selection, body.dry_run);
      if (!body.dry_run) afterDelete(deps, 'forget', counts);
      return c.json({ dry_run: body.dry_run, counts, sample });
    })
    .post('/api/admin/purge', async (c) => {
      const body = PurgeBodySchema.parse(await jsonBody(c.req));
      const counts = purgeProject(deps.db, body.project, body.dry_run);
      if (!body.dry_run) afterDelete(deps, 'purge', counts);
      return c.json({ dry_run: body.dry_run, project: body.project, counts });
    });
}

/** Logs what a delete removed (counts only) and sweeps the vectors of deleted observations. */
export function afterDelete(deps: WorkerDeps, what: string, counts: object): void {
  deps.log.log('info', `${what} removed rows`, { ...counts });
  sweepVectors(deps.db, deps.log);
}
