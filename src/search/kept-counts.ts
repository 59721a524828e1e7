import { mayHoldUncommitted, stmt, type Db } from '../store/index.ts';

// Counts a search takes before it ranks (how many observations hold a term, how many a filter
// keeps) kept until the database changes: a common term's count walks thousands of doclist
// entries, a scope's hundreds of index entries, on every search alike (issue 33).

/** Counts kept for one state of the database, and that state. */
interface Kept {
  stamp: string;
  counts: Map<string, number>;
}

/** Counts kept per state at most (a bound on memory; a full set starts afresh). */
const MAX_KEPT = 10_000;
const keptFor = new WeakMap<Db, Kept>();

/**
 * The counts known for the database's state, which changes with every write on this connection
 * (total_changes) and every commit on another (data_version). Within a write's transaction
 * nothing is kept: its writes may yet be rolled back (a readSnapshot has none).
 */
function countsOf(db: Db): Map<string, number> | undefined {
  if (mayHoldUncommitted(db)) return undefined;
  const state = stmt(db, 'SELECT total_changes() AS t, data_version AS v FROM pragma_data_version');
  const { t, v } = state.get() as { t: number; v: number };
  const stamp = `${t}:${v}`;
  let kept = keptFor.get(db);
  if (!kept || kept.stamp !== stamp || kept.counts.size >= MAX_KEPT) {
    kept = { stamp, counts: new Map() };
    keptFor.set(db, kept);
  }
  return kept.counts;
}

/** `count()`, or what it gave for `key` earlier in the same state of the database. */
export function keptCount(db: Db, key: string, count: () => number): number {
  const counts = countsOf(db);
  const known = counts?.get(key);
  if (known !== undefined) return known;
  const value = count();
  counts?.set(key, value);
  return value;
}
