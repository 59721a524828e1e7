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
  /** Share of the memories it showed (distinct per session) that the session then used. */
  usedShare: number | null;
  /** Share of its injections (those with a memory) of which the session used no memory. */
  neverUsedShare: number | null;
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
  const uses = results.flatMap((result) => MOMENTS.filter(of).map((m) => result.use[m]));
  const used = uses.reduce((sum, use) => sum + use.used, 0);
  const distinct = uses.reduce((sum, use) => sum + use.shown, 0);
  const given = uses.reduce((sum, use) => sum + use.injections, 0);
  const neverUsed = uses.reduce((sum, use) => sum + use.neverUsed, 0);
  return {
    reach: share(needs.filter((n) => n.reachedBy.some(of)).length, needs.length),
    injections: shown.length,
    memories,
    tokens,
    tokensPerTurn: turns === 0 ? 0 : tokens / turns,
    usedShare: share(used, distinct),
    neverUsedShare: share(neverUsed, given),
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
