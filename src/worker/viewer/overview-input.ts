import { z } from 'zod';

const project = z.string().min(1, 'expected a project name').max(500).optional();

/** GET /api/usage: `by=day|month` (default day), and optionally one project. */
export const UsageQuerySchema = z.object({
  by: z.enum(['day', 'month'], { error: 'expected day or month' }).default('day'),
  project,
});

/** GET /api/overview: optionally one project, and how many days back (1-365, default 30). */
export const OverviewQuerySchema = z.object({
  project,
  days: z.coerce
    .number({ error: 'expected a number of days' })
    .int('expected a whole number of days')
    .min(1, 'expected 1 to 365 days')
    .max(365, 'expected 1 to 365 days')
    .default(30),
});
