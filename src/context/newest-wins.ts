import { factsOf, type Fact } from '../domain/index.ts';
import { currentOf, type Db } from '../store/index.ts';
import { GUESS_MARK, OLDER_MARK, addMark } from './anchor-marks.ts';

/** What the newest-wins step reads of a retrieved memory. */
export interface Truthful {
  id: number;
  title: string;
  created_at: number;
  /** The newer memory that superseded it (migration 018), or null. */
  superseded_by?: number | null | undefined;
  superseded_at?: number | null | undefined;
  /** `hypothesis`, `verified`, or null when stored before migration 018. */
  known?: string | null | undefined;
}

/** Why a memory is older: the newer one, when, and whether the link is stored or only seen here. */
export interface OlderMark {
  by: number;
  at: number | null;
  stored: boolean;
}

/** Results in newest-wins order and which of them are older than another. */
export interface NewestWins<T> {
  items: T[];
  older: Map<number, OlderMark>;
}

/** Titles' facts remembered, at most: the same titles come back search after search. */
const TITLES_KEPT = 4096;
const titleFacts = new Map<string, readonly Fact[]>();

/**
 * The facts a title states: its patterns were a tenth of an HTTP search's time at 10,000
 * observations (issue 33), for answers that are a pure function of the text.
 */
function factsOfTitle(title: string): readonly Fact[] {
  let facts = titleFacts.get(title);
  if (facts === undefined) {
    facts = factsOf(title);
    if (titleFacts.size >= TITLES_KEPT) titleFacts.clear();
    titleFacts.set(title, facts);
  }
  return facts;
}

/** Results holding several memories on one subject: the older of each pair, without a stored link. */
function unlinkedOlder<T extends Truthful>(items: readonly T[], older: Map<number, OlderMark>) {
  const bySubject = new Map<string, Array<{ item: T; value: string }>>();
  for (const item of items) {
    for (const fact of factsOfTitle(item.title)) {
      bySubject.set(fact.subject, [
        ...(bySubject.get(fact.subject) ?? []),
        { item, value: fact.value },
      ]);
    }
  }
  for (const stated of bySubject.values()) {
    if (new Set(stated.map((entry) => entry.value)).size < 2) continue;
    const newest = stated.reduce((a, b) =>
      b.item.created_at > a.item.created_at ||
      (b.item.created_at === a.item.created_at && b.item.id > a.item.id)
        ? b
        : a,
    );
    for (const { item, value } of stated) {
      if (value === newest.value || older.has(item.id)) continue;
      older.set(item.id, { by: newest.item.id, at: newest.item.created_at, stored: false });
    }
  }
}

/**
 * Newest wins (issue 34): a superseded memory (stored link) or one that states a subject another
 * result states newer with another value (seen here, no link) goes right below the memory that
 * replaced it, or to the end when that one is not among the results; everything else keeps its
 * order. The caller marks the older ones (`superseded by #N on <date>`), or leaves them out.
 */
export function newestWins<T extends Truthful>(items: readonly T[]): NewestWins<T> {
  const older = new Map<number, OlderMark>();
  for (const item of items) {
    if (item.superseded_by != null)
      older.set(item.id, { by: item.superseded_by, at: item.superseded_at ?? null, stored: true });
  }
  unlinkedOlder(items, older);
  const present = new Set(items.map((item) => item.id));
  const standing = items.filter((item) => !older.has(item.id));
  const placed = new Set<number>();
  const ordered: T[] = [];
  const place = (item: T) => {
    ordered.push(item);
    placed.add(item.id);
    for (const below of items)
      if (!placed.has(below.id) && older.get(below.id)?.by === item.id) place(below);
  };
  for (const item of standing) place(item);
  const rest = items.filter(
    (item) => !placed.has(item.id) && !present.has(older.get(item.id)?.by ?? -1),
  );
  for (const item of [...rest].sort((a, b) => b.created_at - a.created_at))
    if (!placed.has(item.id)) place(item);
  for (const item of items) if (!placed.has(item.id)) place(item); // a cycle of marks: keep all
  return { items: ordered, older };
}

/**
 * Verified memories before the rest, otherwise in the given order. A memory of unknown standing
 * (stored before migration 018, or pulled from a teammate: how a memory is known stays on the
 * machine that learned it) is not verified knowledge, so it does not pass one's own hypotheses.
 */
export function verifiedFirst<T extends Pick<Truthful, 'known'>>(items: readonly T[]): T[] {
  const guess = (item: T): number => (item.known === 'verified' ? 0 : 1);
  return [...items].sort((a, b) => guess(a) - guess(b));
}

/**
 * The recall moments' truth step (issue 34), after their selection and anchors: superseded
 * memories leave; hypotheses go below verified knowledge and are marked `?`; of several on one
 * subject the newest comes first and the others are marked `↓`. Adds to `marks`.
 */
export function recallTruth<T extends Truthful>(
  entries: readonly T[],
  marks: Map<number, string>,
): T[] {
  const standing = verifiedFirst(entries.filter((entry) => entry.superseded_by == null));
  const { items, older } = newestWins(standing);
  for (const item of items) {
    if (item.known === 'hypothesis') addMark(marks, item.id, GUESS_MARK);
    if (older.has(item.id)) addMark(marks, item.id, OLDER_MARK);
  }
  return items;
}

/**
 * Search hits with what replaced them (issue 34): the memory that is true now about a
 * superseded hit comes in right above it when the search did not find it (a newer wording may
 * share fewer of the query's words), with the hit's score. Newest wins then orders them.
 */
export function withSuccessors<T extends { id: number }>(db: Db, hits: readonly T[]): T[] {
  const current = currentOf(
    db,
    hits.map((hit) => hit.id),
  );
  const seen = new Set(hits.map((hit) => hit.id));
  return hits.flatMap((hit) => {
    const head = current.get(hit.id);
    if (head === undefined || seen.has(head)) return [hit];
    seen.add(head);
    return [{ ...hit, id: head }, hit];
  });
}
