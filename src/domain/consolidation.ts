/** Near-duplicates to fold into one memory: `into` stays, `from` are taken out into it. */
export interface ConsolidationMerge {
  into: number;
  from: number[];
  /** Every title of the group, `into`'s first: what the diff shows. */
  titles: string[];
}

/** A memory a consolidation takes out without a successor: noise, or superseded. */
export interface ConsolidationDrop {
  id: number;
  reason: 'noise' | 'superseded';
  title: string;
}

/**
 * What `claude-mem consolidate` proposes for one project (issue 34), or applied (`journalId`).
 * Nothing in it is deleted for good: the journal keeps every row it changes.
 */
export interface Changeset {
  project: string;
  merges: ConsolidationMerge[];
  drops: ConsolidationDrop[];
  /** Memories looked at (the project's own, unshared ones). */
  considered: number;
  journalId?: number | undefined;
}

/** One applied consolidation as the journal lists it. */
export interface JournalEntry {
  id: number;
  createdAt: number;
  undoneAt: number | null;
  merged: number;
  dropped: number;
}

/** GET /api/consolidation: the project's proposal (nothing applied) and its journal. */
export interface ConsolidationView {
  proposal: Changeset;
  journal: JournalEntry[];
}
