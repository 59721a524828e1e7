import type { ObservationType } from '../domain/index.ts';
import type { IndexEntry, UseStanding } from '../store/index.ts';

const HOUR = 3_600_000;

/**
 * How much newer an observation of each type counts as: a decision from yesterday outranks a
 * routine change from this morning. A type the list does not know (an old row's) gets no bonus.
 */
const IMPORTANCE_HOURS: Record<ObservationType, number> = {
  decision: 36,
  bugfix: 24,
  feature: 24,
  discovery: 12,
  refactor: 6,
  change: 0,
  'dead-end': 0,
};

/** What ranking learned from use (issue 35): absent, a memory ranks by its own age alone. */
export type Learned = ReadonlyMap<number, UseStanding>;

// A memory sinks one step per 3 sessions it was given and not used in, at most 4 steps (8 days).
const SINK_SESSIONS = 3;
const SINK_STEP_HOURS = 48;
const MAX_SINK_STEPS = 4;

/** The sink of a memory the agent keeps ignoring, in ms. */
export const sinkOf = (standing: UseStanding | undefined): number =>
  Math.min(Math.floor((standing?.unusedSessions ?? 0) / SINK_SESSIONS), MAX_SINK_STEPS) *
  SINK_STEP_HOURS *
  HOUR;

/** Its time for ranking: made (or last used), shifted by importance, sunk by neglect. */
const effectiveTime = (entry: IndexEntry, standing: UseStanding | undefined): number =>
  Math.max(entry.created_at, standing?.renewedAt ?? 0) +
  ((IMPORTANCE_HOURS as Record<string, number>)[entry.type] ?? 0) * HOUR -
  sinkOf(standing);

/**
 * The order in which observations claim the context budget: pinned first (newest first), then
 * this machine's own before teammates' (pulled from the team), then the ones whose code is as
 * anchored before the `marked` ones (changed), each by recency shifted by importance (type)
 * and by what `learned` says of its use (renewed by use, sunk by neglect).
 */
export function rankEntries(
  entries: readonly IndexEntry[],
  marked: ReadonlySet<number> | ReadonlyMap<number, unknown> = new Set(),
  learned: Learned = new Map(),
): IndexEntry[] {
  // The keys once per entry, not once per comparison: the context ranks 120 candidates.
  const keyed = entries.map((entry) => ({
    entry,
    pinned: entry.pinned,
    teammate: entry.author ? 1 : 0,
    demoted: marked.has(entry.id) ? 1 : 0,
    time: effectiveTime(entry, learned.get(entry.id)),
  }));
  keyed.sort(
    (a, b) =>
      b.pinned - a.pinned ||
      a.teammate - b.teammate ||
      a.demoted - b.demoted ||
      b.time - a.time ||
      b.entry.id - a.entry.id,
  );
  return keyed.map(({ entry }) => entry);
}
