import { mayHoldUncommitted, readSnapshot, stmt, type Db } from '../store/index.ts';
import type { ScoredId } from './fts-exact.ts';
import { matches, parseMatch, type MatchTree } from './fts-match.ts';
import { phraseKey } from './fts-tokens.ts';
import { aheadPending, aheadStep } from './lists-ahead.ts';
import { totalsOf, type Totals } from './fts5-records.ts';
import {
  currentLists,
  idfOf,
  listOf,
  part,
  readWantedStep,
  type Lists,
  type PhraseList,
} from './term-lists.ts';

// bm25 from the kept phrase lists (term-lists.ts): every document matching a search's phrases
// scored in JavaScript with FTS5's formula, its operations in FTS5's order, the C library's
// logarithm and the index's current row count, lengths and document counts: FTS5's scores and
// order, to the bit (issue 33).

/**
 * The best `depth` documents offered, in typed arrays: a heap with the worst kept on top, so a
 * document that does not beat it costs one comparison.
 */
class Best {
  private readonly scores: Float64Array;
  private readonly ids: Float64Array;
  private size = 0;

  constructor(private readonly depth: number) {
    this.scores = new Float64Array(depth);
    this.ids = new Float64Array(depth);
  }

  /** Whether the document at `i` ranks after (is worse than) the one at `j`. */
  private worse(i: number, j: number): boolean {
    const a = this.scores[i]!;
    const b = this.scores[j]!;
    return a > b || (a === b && this.ids[i]! < this.ids[j]!);
  }

  private swap(i: number, j: number): void {
    const score = this.scores[i]!;
    const id = this.ids[i]!;
    this.scores[i] = this.scores[j]!;
    this.ids[i] = this.ids[j]!;
    this.scores[j] = score;
    this.ids[j] = id;
  }

  offer(score: number, id: number): void {
    if (this.size < this.depth) {
      let i = this.size++;
      this.scores[i] = score;
      this.ids[i] = id;
      while (i > 0) {
        const up = (i - 1) >> 1;
        if (!this.worse(i, up)) break;
        this.swap(i, up);
        i = up;
      }
      return;
    }
    const top = this.scores[0]!;
    if (this.depth === 0 || score > top || (score === top && id < this.ids[0]!)) return;
    this.scores[0] = score;
    this.ids[0] = id;
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < this.size && this.worse(l, worst)) worst = l;
      if (r < this.size && this.worse(r, worst)) worst = r;
      if (worst === i) break;
      this.swap(i, worst);
      i = worst;
    }
  }

  /** The kept documents, best first: lower scores, then newer ids. */
  sorted(): ScoredId[] {
    const out: ScoredId[] = [];
    for (let i = 0; i < this.size; i += 1) out.push({ id: this.ids[i]!, score: this.scores[i]! });
    return out.sort((x, y) => x.score - y.score || y.id - x.id);
  }
}

/** The first position from `from` in `list` whose id is at least `id` (galloping search). */
function seek(list: PhraseList, from: number, id: number): number {
  const { ids, size } = list;
  // Lists of like sizes move a step or two a document: a few steps before galloping.
  for (let step = 0; step < 4; step += 1, from += 1)
    if (from >= size || ids[from]! >= id) return from;
  let low = from - 1;
  let step = 1;
  while (low + step < size && ids[low + step]! < id) {
    low += step;
    step *= 2;
  }
  let high = Math.min(low + step, size);
  while (low + 1 < high) {
    const mid = (low + high) >> 1;
    if (ids[mid]! < id) low = mid;
    else high = mid;
  }
  return high;
}

/** Whether every document matching `tree` holds all of its phrases (an AND of phrases). */
const allPhrases = (tree: MatchTree): boolean =>
  tree.root.kind === 'phrase' ||
  (tree.root.kind === 'and' && tree.root.children.every((child) => child.kind === 'phrase'));

/** Per search: each phrase's idf, the average length, the lengths by id. */
interface Scoring {
  weights: Float64Array;
  avgdl: number;
  lengths: Uint16Array;
}

/** One phrase list alone: each document's one part, as FTS5 adds it to 0.0. */
function scoreOne(list: PhraseList, s: Scoring, kept: Best): void {
  const { ids, counts, size } = list;
  const weight = s.weights[0]!;
  for (let i = 0; i < size; i += 1) {
    const id = ids[i]!;
    kept.offer(-1.0 * (0.0 + part(weight, counts[i]!, s.lengths[id]!, s.avgdl)), id);
  }
}

/** An AND of phrases: walks the shortest list and seeks each of its documents in the others. */
function scoreAll(phrases: PhraseList[], s: Scoring, kept: Best): void {
  const heads = new Int32Array(phrases.length);
  let driver = 0;
  phrases.forEach((list, p) => (driver = list.size < phrases[driver]!.size ? p : driver));
  const lead = phrases[driver]!;
  walk: for (let i = 0; i < lead.size; i += 1) {
    const id = lead.ids[i]!;
    for (let p = 0; p < phrases.length; p += 1) {
      const list = phrases[p]!;
      const at = seek(list, heads[p]!, id);
      heads[p] = at;
      if (at >= list.size) break walk;
      if (list.ids[at] !== id) continue walk;
    }
    const length = s.lengths[id]!;
    let sum = 0.0;
    for (let p = 0; p < phrases.length; p += 1)
      sum += part(s.weights[p]!, phrases[p]!.counts[heads[p]!]!, length, s.avgdl);
    kept.offer(-1.0 * sum, id);
  }
}

/** Any other tree: merges the lists by id and tests each document against the tree. */
function scoreTree(tree: MatchTree, phrases: PhraseList[], s: Scoring, kept: Best): void {
  const heads = new Int32Array(phrases.length);
  const here = new Int32Array(phrases.length).fill(-1);
  const has = (phrase: number) => here[phrase]! >= 0;
  // An OR of phrases alone (the query's any part) is matched by every document of its lists.
  const every =
    tree.root.kind === 'or' && tree.root.children.every((child) => child.kind === 'phrase');
  for (;;) {
    let id = Infinity;
    for (let p = 0; p < phrases.length; p += 1) {
      const list = phrases[p]!;
      if (heads[p]! < list.size && list.ids[heads[p]!]! < id) id = list.ids[heads[p]!]!;
    }
    if (id === Infinity) break;
    for (let p = 0; p < phrases.length; p += 1) {
      const list = phrases[p]!;
      here[p] = heads[p]! < list.size && list.ids[heads[p]!] === id ? heads[p]! : -1;
    }
    if (every || matches(tree.root, has)) {
      const length = s.lengths[id]!;
      let sum = 0.0;
      for (let p = 0; p < phrases.length; p += 1) {
        if (here[p]! >= 0)
          sum += part(s.weights[p]!, phrases[p]!.counts[here[p]!]!, length, s.avgdl);
      }
      kept.offer(-1.0 * sum, id);
    }
    for (let p = 0; p < phrases.length; p += 1) if (here[p]! >= 0) heads[p] = here[p]! + 1;
  }
}

/**
 * Scores every document matching `tree` from its phrases' lists, summing the phrases' parts in
 * the query's order as FTS5 does; the best `depth` kept.
 */
function score(
  db: Db,
  tree: MatchTree,
  phrases: PhraseList[],
  lists: Lists,
  totals: Totals,
  depth: number,
): ScoredId[] {
  const s: Scoring = {
    weights: Float64Array.from(phrases, (list) => idfOf(db, lists, totals.rows, list.size)),
    avgdl: totals.tokens / totals.rows,
    lengths: lists.lengths,
  };
  const kept = new Best(depth);
  if (phrases.length === 1) scoreOne(phrases[0]!, s, kept);
  else if (allPhrases(tree)) scoreAll(phrases, s, kept);
  else scoreTree(tree, phrases, s, kept);
  return kept.sorted();
}

/** The lists of `db` for the index as it is now, or undefined when none can be kept. */
function listsNow(db: Db, cap: number): { lists: Lists; totals: Totals } | undefined {
  // One statement for the index's totals, edit count and newest id: each statement costs a
  // search more than its work when the worker wakes for it (issue 33).
  const row = stmt(
    db,
    `SELECT hex(block), (SELECT n FROM search_epoch), (SELECT max(id) FROM observations)
     FROM observations_fts_data WHERE id = 1`,
  )
    .raw(true)
    .get() as [string | null, number, number | null] | undefined;
  if (!row?.[0]) return undefined;
  const totals = totalsOf(row[0]);
  const state = { epoch: row[1], newest: row[2] ?? 0 };
  const lists = totals.rows > 0 ? currentLists(db, totals, cap, state) : undefined;
  return lists ? { lists, totals } : undefined;
}

/** One step of reading the wanted lists; true while more is wanted. */
function readStep(db: Db, cap: number): boolean {
  if (!db.open || db.inTransaction) return false;
  return readSnapshot(db, () => {
    const now = listsNow(db, cap);
    if (!now) return false;
    if (now.lists.wanted.size === 0) return aheadStep(db, now.lists, now.totals.rows);
    readWantedStep(db, now.lists, now.totals);
    return true;
  });
}

const reading = new WeakSet<Db>();
const serving = new WeakSet<Db>();

/** Whether the lists of `db` are being read between requests: a test waits for the end. */
export const readingLists = (db: Db): boolean => reading.has(db);

/** Waits, after a step of background work that took `workedMs`, as long as the hooks need. */
export type Pace = (workedMs: number) => Promise<void>;
const paces = new WeakMap<Db, Pace>();

/**
 * Marks `db` as a long-lived server's (the worker's) and begins its lists now: the common terms
 * are read ahead from the worker's start, not from its first search, one step after another
 * until done, so the first searches find them (issue 33). `pace` lets a session's hooks go
 * first, as the worker's other background work does (hook-traffic.ts). Elsewhere (a CLI
 * command, a test) a step runs only when the process wakes for other work, and the process
 * exits without waiting for the reading: an unref'd immediate does not keep Node's event loop
 * turning, it runs after the next I/O or timer.
 */
export function readListsWhileIdle(db: Db, cap: number, pace?: Pace): void {
  serving.add(db);
  if (pace) paces.set(db, pace);
  readBetweenRequests(db, cap);
}

/**
 * Reads the wanted lists, and the common terms' ahead (lists-ahead.ts), one step at a time
 * between requests: a request waits at most one step. A failed step (the database busy or
 * closed) stops the reading; the next search that wants a list starts it again.
 */
function readBetweenRequests(db: Db, cap: number): void {
  if (reading.has(db)) return;
  reading.add(db);
  const next = (): void => {
    const immediate = setImmediate(step);
    if (!serving.has(db)) immediate.unref();
  };
  const step = (): void => {
    const started = performance.now();
    let more = false;
    try {
      more = readStep(db, cap);
    } catch {
      more = false;
    }
    if (!more) {
      reading.delete(db);
      return;
    }
    const pace = paces.get(db);
    if (pace) void pace(performance.now() - started).then(next, next);
    else next();
  };
  next();
}

/** Reads every wanted list now (tests, benches): what the steps between requests do. */
export function readListsNow(db: Db, cap: number): void {
  while (readStep(db, cap));
}

/**
 * The best `depth` matches of `match` over the whole index with FTS5's bm25 scores and order,
 * from the kept lists; undefined when the match is not one search writes or a phrase's list is
 * not kept (not read yet, or held by more than `cap` documents): the caller asks FTS5, and the
 * missing lists are read after it.
 */
export function rankFromLists(
  db: Db,
  match: string,
  depth: number,
  cap: number,
): ScoredId[] | undefined {
  // Inside a write, rows not yet committed may be rolled back and their ids given again.
  if (mayHoldUncommitted(db)) return undefined;
  const tree = parseMatch(match);
  if (!tree || unavailable.has(db)) return undefined;
  try {
    return ranked(db, tree, depth, cap);
  } catch (error) {
    // Whatever fails here, FTS5 ranks the search (and says what is wrong with the database if
    // anything is); a store the lists cannot read at all (a SQLite without ln(), a table gone)
    // is not tried again.
    if (/no such (function|table|column)/.test(String(error))) unavailable.add(db);
    return undefined;
  }
}

/** Databases the lists cannot read: FTS5 ranks their searches. */
const unavailable = new WeakSet<Db>();

function ranked(db: Db, tree: MatchTree, depth: number, cap: number): ScoredId[] | undefined {
  return readSnapshot(db, () => {
    const now = listsNow(db, cap);
    if (!now) return undefined;
    const phrases: PhraseList[] = [];
    // Every phrase is looked up, so that each missing one is wanted, not only the first.
    for (const phrase of tree.phrases) {
      const list = listOf(db, now.lists, phraseKey(db, phrase), now.totals);
      if (list) phrases.push(list);
    }
    if (now.lists.wanted.size > 0 || aheadPending(now.lists)) readBetweenRequests(db, cap);
    if (phrases.length < tree.phrases.length) return undefined;
    return score(db, tree, phrases, now.lists, now.totals, depth);
  });
}
