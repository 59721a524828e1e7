import type { ObservationType } from '../domain/index.ts';
import type { IndexEntry } from '../store/index.ts';

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

const effectiveTime = (entry: IndexEntry): number =>
  entry.created_at + ((IMPORTANCE_HOURS as Record<string, number>)[entry.type] ?? 0) * HOUR;

/**
 * The order in which observations claim the context budget: pinned first (newest first), then
 * this machine's own before teammates' (pulled from the team), then the ones whose code is as
 * anchored before the `marked` ones (changed), each by recency shifted by importance (type).
 */
export function rankEntries(
  entries: readonly IndexEntry[],
  marked: ReadonlySet<number> | ReadonlyMap<number, unknown> = new Set(),
): IndexEntry[] {
  // The keys once per entry, not once per comparison: the context ranks 120 candidates.
  const keyed = entries.map((entry) => ({
    entry,
    pinned: entry.pinned,
    teammate: entry.author ? 1 : 0,
    demoted: marked.has(entry.id) ? 1 : 0,
    time: effectiveTime(entry),
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
