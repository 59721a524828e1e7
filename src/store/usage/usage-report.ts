import { stmt, type Db } from '../statements.ts';

/** How spend is grouped in time: calendar days or months (the user's local time). */
export type UsagePeriod = 'day' | 'month';

/** Calls, tokens and estimated dollars of some spend. */
export interface UsageTotals {
  calls: number;
  tokensIn: number;
  tokensOut: number;
  /** Estimated at list prices; 0 for free or unknown models. */
  costUsd: number;
}

/** One period's spend of one project ('' for spend recorded before projects were kept). */
export interface UsagePeriodRow extends UsageTotals {
  period: string;
  project: string;
  models: string[];
}

/** What `claude-mem usage` and GET /api/usage show. */
export interface UsageReport {
  by: UsagePeriod;
  project: string | null;
  rows: UsagePeriodRow[];
  projects: Array<UsageTotals & { project: string }>;
  totals: UsageTotals;
}

interface SqlRow {
  period: string;
  project: string;
  models: string;
  calls: number;
  tokens_in: number;
  tokens_out: number;
  cost_usd: number;
}

const ZERO: UsageTotals = { calls: 0, tokensIn: 0, tokensOut: 0, costUsd: 0 };

/** Estimates to a millionth of a dollar: sums of floats would print 0.017249999999999998. */
const micro = (usd: number): number => Math.round(usd * 1e6) / 1e6;

const add = (a: UsageTotals, b: UsageTotals): UsageTotals => ({
  calls: a.calls + b.calls,
  tokensIn: a.tokensIn + b.tokensIn,
  tokensOut: a.tokensOut + b.tokensOut,
  costUsd: micro(a.costUsd + b.costUsd),
});

/**
 * The recorded compression spend per day or month and project, oldest first, with the totals
 * per project and overall. `project` narrows it to one project (the `(project, day)` index).
 */
export function usageReport(db: Db, by: UsagePeriod, project: string | null = null): UsageReport {
  // `day` is YYYY-MM-DD, so its first 7 characters are the month.
  const rows = (
    stmt(
      db,
      `SELECT substr(day, 1, @len) AS period, project, group_concat(DISTINCT model) AS models,
         SUM(calls) AS calls, SUM(tokens_in) AS tokens_in, SUM(tokens_out) AS tokens_out,
         SUM(cost_usd) AS cost_usd
       FROM usage WHERE @project IS NULL OR project = @project
       GROUP BY period, project ORDER BY period, project`,
    ).all({ len: by === 'day' ? 10 : 7, project }) as SqlRow[]
  ).map(function toRow(row): UsagePeriodRow {
    return {
      period: row.period,
      project: row.project,
      models: row.models.split(',').filter(Boolean).sort(),
      calls: row.calls,
      tokensIn: row.tokens_in,
      tokensOut: row.tokens_out,
      costUsd: micro(row.cost_usd),
    };
  });
  const perProject = new Map<string, UsageTotals>();
  for (const row of rows)
    perProject.set(row.project, add(perProject.get(row.project) ?? ZERO, row));
  const projects = [...perProject]
    .map(([name, totals]) => ({ project: name, ...totals }))
    .sort((a, b) => b.costUsd - a.costUsd || b.tokensIn - a.tokensIn);
  return { by, project, rows, projects, totals: rows.reduce<UsageTotals>(add, ZERO) };
}
