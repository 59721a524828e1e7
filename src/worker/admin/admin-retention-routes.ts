import { Hono } from 'hono';
import type { Settings } from '../../config/index.ts';
import type { RetentionCounts, RetentionPolicy } from '../../store/index.ts';
import { RetentionBodySchema } from './admin-input.ts';
import { jsonBody } from '../recall/recall-input.ts';

/** What one retention run did (or, on a dry run, would do). */
export interface RetentionReport {
  dry_run: boolean;
  policy: RetentionPolicy;
  counts: RetentionCounts;
}

/** What the retention routes call. */
export interface RetentionControl {
  run(dryRun: boolean): RetentionReport;
  last(): { at: number; counts: RetentionCounts } | undefined;
  settings(): Pick<Settings, 'retention.maxAgeDays' | 'retention.maxPerProject'>;
}

/**
 * POST /api/retention/run (token; `{"dry_run": true}` only counts): applies the retention
 * settings now. GET /api/retention/status: the settings in force and the last run.
 */
export function retentionRoutes(control: RetentionControl): Hono {
  return new Hono()
    .post('/api/retention/run', async (c) => {
      // No body at all is a plain run; a body that is there must be valid JSON.
      const empty = c.req.header('content-length') === '0' || !c.req.header('content-type');
      const body = RetentionBodySchema.parse(empty ? {} : await jsonBody(c.req));
      return c.json(control.run(body.dry_run));
    })
    .get('/api/retention/status', (c) => {
      const s = control.settings();
      const last = control.last();
      return c.json({
        maxAgeDays: s['retention.maxAgeDays'],
        maxPerProject: s['retention.maxPerProject'],
        lastRunAt: last?.at ?? null,
        lastCounts: last?.counts ?? null,
      });
    });
}
