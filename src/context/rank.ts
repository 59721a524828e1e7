import type { IndexEntry } from '../store/index.ts';

const HOUR = 3_600_000;

/**
 * How much newer an observation of each type counts as: a decision from yesterday outranks a
 * routine change from this morning. Types not listed get no bonus.
 */
const IMPORTANCE_HOURS: Record<string, number> = {
  decision: 36,
  bugfix: 24,
  feature: 24,
  discovery: 12,
  refactor: 6,
  change: 0,
};

const effectiveTime = (entry: IndexEntry): number =>
  entry.created_at + (IMPORTANCE_HOURS[entry.type] ?? 0) * HOUR;

/**
 * The order in which observations claim the context budget: pinned first (newest first), then
 * by recency shifted by importance (type).
 */
export function rankEntries(entries: readonly IndexEntry[]): IndexEntry[] {
  return [...entries].sort(
    (a, b) => b.pinned - a.pinned || effectiveTime(b) - effectiveTime(a) || b.id - a.id,
  );
}
