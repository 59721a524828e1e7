import {
  MOMENTS,
  NEED_KINDS,
  type Moment,
  type NeedKind,
  type SessionResult,
} from './eval-types.ts';

/** What one moment did over the whole history. */
export interface MomentMetrics {
  /** Share of the calls that needed memory which this moment had reached before the call. */
  reach: number | null;
  /** Times it gave something. */
  injections: number;
  /** Memories it showed (an id shown in two sessions counts twice). */
  memories: number;
  tokens: number;
  tokensPerTurn: number;
  /** Share of its shown memories the session then used; null without use signals. */
  usedShare: number | null;
}

/** One configuration's figures, as `eval` prints and `--json` gives them. */
export interface EvalMetrics {
  sessions: number;
  turns: number;
  /** Turns with at least one call that needed memory. */
  turnsNeedingMemory: number;
  /** Calls that needed memory, per kind. */
  needs: Record<NeedKind, number>;
  moments: Record<Moment | 'all', MomentMetrics>;
}

const share = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

function momentMetrics(results: readonly SessionResult[], moment: Moment | 'all'): MomentMetrics {
  const of = (m: Moment) => moment === 'all' || m === moment;
  const needs = results.flatMap((result) => result.needs);
  const shown = results.flatMap((result) => result.injections.filter((i) => of(i.moment)));
  const memories = shown.reduce((sum, i) => sum + i.ids.length, 0);
  const tokens = shown.reduce((sum, i) => sum + i.tokens, 0);
  const turns = results.reduce((sum, result) => sum + result.turns, 0);
  const withUse = results.every((result) => result.used !== undefined);
  const used = results.reduce(
    (sum, result) =>
      sum + MOMENTS.filter(of).reduce((inner, m) => inner + (result.used?.[m] ?? 0), 0),
    0,
  );
  return {
    reach: share(needs.filter((n) => n.reachedBy.some(of)).length, needs.length),
    injections: shown.length,
    memories,
    tokens,
    tokensPerTurn: turns === 0 ? 0 : tokens / turns,
    usedShare: withUse ? share(used, memories) : null,
  };
}

/** Sums the sessions of one run into the figures per moment. */
export function evalMetrics(results: readonly SessionResult[]): EvalMetrics {
  const needs = results.flatMap((result) => result.needs);
  const turnsNeeding = results.reduce(
    (sum, r) => sum + new Set(r.needs.map((n) => n.turn)).size,
    0,
  );
  const byKind = Object.fromEntries(
    NEED_KINDS.map((kind) => [kind, needs.filter((n) => n.kind === kind).length]),
  ) as Record<NeedKind, number>;
  const moments = Object.fromEntries(
    [...MOMENTS, 'all' as const].map((m) => [m, momentMetrics(results, m)]),
  ) as Record<Moment | 'all', MomentMetrics>;
  return {
    sessions: results.length,
    turns: results.reduce((sum, result) => sum + result.turns, 0),
    turnsNeedingMemory: turnsNeeding,
    needs: byKind,
    moments,
  };
}
