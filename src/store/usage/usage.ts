import type { UsageRow } from '../../domain/viewer-api.ts';
import { stmt, type Db } from '../statements.ts';

/** The spend of one provider call. */
export interface UsageInput {
  day: string;
  /** The project whose turn the call compressed ('' when unknown). */
  project: string;
  provider: string;
  model: string;
  calls: number;
  tokensIn: number;
  tokensOut: number;
  durationMs: number;
  /** Estimated at list prices; 0 when free or unknown. */
  costUsd: number;
}

export type { UsageRow };

/** The local calendar day of `ms` as YYYY-MM-DD: budgets reset at the user's midnight. */
export function localDay(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Adds a call's spend to its day, project, provider and model. */
export function recordUsage(db: Db, input: UsageInput): void {
  stmt(
    db,
    `INSERT INTO usage (day, project, provider, model, calls, tokens_in, tokens_out, duration_ms,
       cost_usd)
     VALUES (@day, @project, @provider, @model, @calls, @tokensIn, @tokensOut, @durationMs,
       @costUsd)
     ON CONFLICT (day, project, provider, model) DO UPDATE SET calls = calls + excluded.calls,
       tokens_in = tokens_in + excluded.tokens_in, tokens_out = tokens_out + excluded.tokens_out,
       duration_ms = duration_ms + excluded.duration_ms, cost_usd = cost_usd + excluded.cost_usd`,
  ).run(input);
}

/** Every provider's spend on `day`, all projects together. */
export function usageOfDay(db: Db, day: string): UsageRow[] {
  return stmt(
    db,
    `SELECT day, provider, model, SUM(calls) AS calls, SUM(tokens_in) AS tokens_in,
       SUM(tokens_out) AS tokens_out, SUM(duration_ms) AS duration_ms, SUM(cost_usd) AS cost_usd
     FROM usage WHERE day = ? GROUP BY provider, model ORDER BY provider, model`,
  ).all(day) as UsageRow[];
}

/** Tokens (input + output) spent with `provider` on `day`. */
export function tokensOfDay(db: Db, day: string, provider: string): number {
  const row = stmt(
    db,
    'SELECT COALESCE(SUM(tokens_in + tokens_out), 0) AS n FROM usage WHERE day = ? AND provider = ?',
  ).get(day, provider) as { n: number };
  return row.n;
}
