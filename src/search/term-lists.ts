import { stmt, type Db } from '../store/index.ts';
import { FTS_WEIGHTS } from './fts-weights.ts';
import { docLengths, type Totals } from './fts5-records.ts';

// Each query phrase's documents, kept between searches for list-rank.ts (issue 33). FTS5's
// bm25 adds one part per phrase of a query: idf * f * (k1 + 1) / (f + k1 * (1 - b + b * D /
// avgdl)), where f is the phrase's column-weighted count in a document and D the document's
// length. f and D do not change while the document does not, so a phrase's documents are read
// from FTS5 once (f found from FTS5's own score of the phrase alone and the document's size
// record) and kept, under the phrase of the token it stands for (fts-tokens.ts: `"Workers"` is
// `"worker"`). A phrase held by few documents (SMALL) is read by the search that first needs
// it. A more common one that a second search needs and no list holds (most words are searched
// once), and the index's most common terms (lists-ahead.ts), are read a slice of documents at a
// time between requests, never in one: until then the search asks FTS5, as it did before
// lists. Rows appended since a list was read are added by the next search that uses it. An edit
// or a delete of an observation (counted in search_epoch by a trigger, migration 021), or a row
// count the appended rows do not explain (a row inserted under an old id), drops every list.

/** FTS5's bm25 parameters (fts5_aux.c). */
const K1 = 1.2;
const B = 0.75;

/**
 * A phrase is kept while at most this many times the exact cap of documents hold it
 * (`search.exactCap`, fts-exact.ts): 20,000 by default. A more common one is left to FTS5.
 */
export const LIST_FACTOR = 4;
/**
 * Documents kept over all lists of one database, 6 bytes each: 4.5 MB. 1,000 searches of 1-3
 * words over 10,000 observations read 546 phrases, 608,648 documents (bench/vs-incumbent.ts);
 * the worker's memory target (bench/worker-rss.ts, 2x a bare http server) leaves little more.
 */
export const BUDGET = 750_000;
/** Lists kept, at most: a list of a rare word costs a map entry more than its documents. */
const MAX_LISTS = 20_000;
/**
 * A phrase held by at most this many documents is read when a search first needs it, in the
 * search (about 0.2 ms here): a query whose other phrases have lists is then ranked from them.
 */
const SMALL = 256;
/**
 * Documents read for a list in one step between requests: about 1 ms here, FTS5 counting the
 * phrase's documents again each step (0.45 ms for a word 10,000 documents hold).
 */
const SLICE_ROWS = 1000;
/** Phrases remembered as searched once, at most (then forgotten together). */
const SEEN = 20_000;
/** A list that many ids behind is brought up to date between requests, not in one. */
const BEHIND_IDS = 8192;
/** Lengths are kept by id, 2 bytes each, up to this id; past it FTS5 ranks every search. */
const MAX_ID = 4_000_000;
/** Weighted counts and lengths are kept in 16 bits; a larger one leaves its phrase to FTS5. */
const MAX_SMALL = 0xffff;

/** One phrase's documents, ascending by id, and each one's weighted count. */
export interface PhraseList {
  ids: Int32Array;
  counts: Uint16Array;
  size: number;
  /** Every document up to this id is in the list. */
  through: number;
  /** While being read: the documents holding the phrase, counted when the index ended at `at`. */
  counted?: { n: number; at: number } | undefined;
}

/** The lists of one database, and the state of the index they were read against. */
export interface Lists {
  /** The most documents a kept phrase may have. */
  cap: number;
  epoch: number;
  through: number;
  rows: number;
  byPhrase: Map<string, PhraseList>;
  kept: number;
  /** Each document's length by id (0: not read yet). */
  lengths: Uint16Array;
  /** Lists wanted by searches and read between requests, in the order asked. */
  wanted: Map<string, PhraseList>;
  /** Phrases searched once since the lists began: a second search wants the list. */
  seen: Set<string>;
  /** Phrases found too common to keep (or whose counts did not come out whole). */
  refused: Set<string>;
  /** Idfs by row count and documents held ({@link idfOf}). */
  idfs: Map<number, number>;
}

const listsOf = new WeakMap<Db, Lists>();
const FTS = 'observations_fts';

/**
 * FTS5's idf for a phrase held by `held` of `rows` documents. The logarithm is SQLite's ln(),
 * the C library's log() that FTS5 calls: Math.log may differ from it in the last bit.
 */
function idf(db: Db, rows: number, held: number): number {
  const value = stmt(db, 'SELECT ln(?)')
    .pluck()
    .get((rows - held + 0.5) / (held + 0.5)) as number;
  return value <= 0 ? 1e-6 : value;
}

/** Idfs remembered per lists, at most (a search's phrases are few; the same ones come back). */
const IDFS_KEPT = 4096;

/** {@link idf}, remembered while the lists last (the row count is part of the key). */
export function idfOf(db: Db, lists: Lists, rows: number, held: number): number {
  const key = rows * 0x1000000 + held;
  let value = lists.idfs.get(key);
  if (value === undefined) {
    value = idf(db, rows, held);
    if (lists.idfs.size >= IDFS_KEPT) lists.idfs.clear();
    lists.idfs.set(key, value);
  }
  return value;
}

/** One phrase's part of a document's score, as fts5Bm25Function adds it. */
export const part = (weight: number, count: number, length: number, avgdl: number): number =>
  weight * ((count * (K1 + 1.0)) / (count + K1 * (1 - B + (B * length) / avgdl)));

/** How many documents hold `phrase`, counted up to one past `cap`. */
const heldBy = (db: Db, phrase: string, cap: number): number =>
  stmt(db, `SELECT count(*) FROM (SELECT 1 FROM ${FTS} WHERE ${FTS} MATCH ? LIMIT ?)`)
    .pluck()
    .get(phrase, cap + 1) as number;

/** Reads the lengths of `ids` not known yet; false when one will not fit in 16 bits. */
function readLengths(db: Db, lists: Lists, ids: number[]): boolean {
  const missing = ids.filter((id) => lists.lengths[id] === 0);
  if (missing.length === 0) return true;
  // One row for them all: a row an id costs the worker's memory more than the reading.
  const [found, records] = stmt(
    db,
    `SELECT json_group_array(d.id), group_concat(hex(d.sz), ',') FROM json_each(?) wanted
     CROSS JOIN ${FTS}_docsize d ON d.id = wanted.value`,
  )
    .raw(true)
    .get(JSON.stringify(missing)) as [string, string | null];
  const foundIds = JSON.parse(found) as number[];
  const lengths = records === null ? [] : docLengths(records);
  if (lengths.length !== foundIds.length) return false;
  for (let i = 0; i < foundIds.length; i += 1) {
    const length = lengths[i]!;
    if (length > MAX_SMALL || length === 0) return false;
    lists.lengths[foundIds[i]!] = length;
  }
  return true;
}

function grow(list: PhraseList, more: number): void {
  const size = Math.max(list.size + more, list.ids.length * 2, 16);
  const ids = new Int32Array(size);
  const counts = new Uint16Array(size);
  ids.set(list.ids.subarray(0, list.size));
  counts.set(list.counts.subarray(0, list.size));
  Object.assign(list, { ids, counts });
}

/**
 * Adds the phrase's documents past `list.through` up to `upTo`, each one's weighted count found
 * from FTS5's score of the phrase alone (`held`: the documents holding it in the whole index,
 * given how many this read found):
 * false when a count or a length does not come out whole and small.
 */
function extend(
  db: Db,
  lists: Lists,
  read: {
    list: PhraseList;
    phrase: string;
    upTo: number;
    held: (rows: number) => number;
    /** At most this many documents (-1: all up to `upTo`). */
    rows: number;
  },
  totals: Totals,
): boolean {
  const { list, phrase, upTo, held } = read;
  const weights = FTS_WEIGHTS.join(', ');
  // Two JSON arrays, not a row a document: the worker's memory grew by 13 MB reading row by row.
  const [idsJson, scoresJson] = stmt(
    db,
    `SELECT json_group_array(id), json_group_array(score) FROM (
       SELECT rowid AS id, bm25(${FTS}, ${weights}) AS score FROM ${FTS}
       WHERE ${FTS} MATCH @phrase AND rowid > @after AND rowid <= @upTo
       ORDER BY rowid LIMIT @rows)`,
  )
    .raw(true)
    .get({ phrase, after: list.through, upTo, rows: read.rows }) as [string, string];
  const ids = JSON.parse(idsJson) as number[];
  const scores = JSON.parse(scoresJson) as number[];
  const ascending = ids.every((id, i) => i === 0 || id > ids[i - 1]!);
  if (!ascending || scores.length !== ids.length || !readLengths(db, lists, ids)) return false;
  const weight = idfOf(db, lists, totals.rows, held(ids.length));
  const avgdl = totals.tokens / totals.rows;
  if (list.ids.length < list.size + ids.length) grow(list, ids.length);
  for (let i = 0; i < ids.length; i += 1) {
    const id = ids[i]!;
    const score = scores[i]!;
    const length = lists.lengths[id]!;
    const ratio = -score / weight;
    const lengthTerm = K1 * (1 - B + (B * length) / avgdl);
    const count = Math.round((ratio * lengthTerm) / (K1 + 1 - ratio));
    const again = part(weight, count, length, avgdl);
    if (!(count > 0) || count > MAX_SMALL || Math.abs(again + score) > 1e-9 * Math.abs(score))
      return false;
    list.ids[list.size] = id;
    list.counts[list.size] = count;
    list.size += 1;
  }
  const short = read.rows < 0 || ids.length < read.rows;
  list.through = short ? upTo : ids[ids.length - 1]!;
  return true;
}

/** What says whether kept lists still hold: the edit count and the newest id. */
export interface IndexState {
  epoch: number;
  newest: number;
}

/**
 * The database's lists, dropped when an edit, a delete or an unexplained row count says so
 * (`state`, read by the caller with the totals in one statement); undefined when ids run past
 * MAX_ID.
 */
export function currentLists(
  db: Db,
  totals: Totals,
  cap: number,
  state: IndexState,
): Lists | undefined {
  const { epoch, newest } = state;
  if (newest > MAX_ID) return undefined;
  let lists = listsOf.get(db);
  if (lists && lists.cap === cap && lists.epoch === epoch && newest >= lists.through) {
    const added =
      newest === lists.through
        ? 0
        : (stmt(db, 'SELECT count(*) FROM observations WHERE id > ?')
            .pluck()
            .get(lists.through) as number);
    if (lists.rows + added === totals.rows) {
      if (lists.lengths.length <= newest) {
        const lengths = new Uint16Array(
          Math.min(MAX_ID + 1, Math.max(newest + 1, lists.lengths.length * 2)),
        );
        lengths.set(lists.lengths);
        lists.lengths = lengths;
      }
      lists.through = newest;
      lists.rows = totals.rows;
      return lists;
    }
  }
  lists = {
    cap,
    epoch,
    through: newest,
    rows: totals.rows,
    byPhrase: new Map(),
    kept: 0,
    lengths: new Uint16Array(newest + 1),
    wanted: new Map(),
    seen: new Set(),
    refused: new Set(),
    idfs: new Map(),
  };
  listsOf.set(db, lists);
  return lists;
}

export const emptyList = (): PhraseList => ({
  ids: new Int32Array(0),
  counts: new Uint16Array(0),
  size: 0,
  through: 0,
});

/** Keeps `list` as the newest used, dropping the least recently used past BUDGET. */
function keep(lists: Lists, phrase: string, list: PhraseList, before: number): void {
  lists.byPhrase.set(phrase, list);
  lists.kept += list.size - before;
  for (const [oldest, dropped] of lists.byPhrase) {
    if ((lists.kept <= BUDGET && lists.byPhrase.size <= MAX_LISTS) || dropped === list) break;
    lists.byPhrase.delete(oldest);
    lists.kept -= dropped.size;
  }
}

/**
 * The list of a phrase held by 1 to SMALL documents, read whole now (kept), or undefined: a
 * more common one is read between requests, a phrase that nothing holds is left to FTS5.
 */
function smallList(db: Db, lists: Lists, phrase: string, totals: Totals): PhraseList | undefined {
  const count = heldBy(db, phrase, SMALL);
  if (count === 0 || count > Math.min(SMALL, lists.cap)) return undefined;
  const list = emptyList();
  const read = { list, phrase, upTo: lists.through, held: () => count, rows: -1 };
  if (!extend(db, lists, read, totals) || list.size !== count) {
    lists.refused.add(phrase);
    return undefined;
  }
  keep(lists, phrase, list, 0);
  return list;
}

/**
 * The phrase's list, complete through `lists.through`; undefined when it is not kept (yet): a
 * phrase held by few documents is read now, a more common one is wanted by the second search
 * that finds it missing, and {@link readWantedStep} reads it.
 */
export function listOf(
  db: Db,
  lists: Lists,
  phrase: string,
  totals: Totals,
): PhraseList | undefined {
  if (lists.refused.has(phrase)) return undefined;
  const list = lists.byPhrase.get(phrase);
  if (!list || lists.through - list.through > BEHIND_IDS) {
    if (list) {
      lists.byPhrase.delete(phrase);
      lists.kept -= list.size;
    }
    if (list || lists.seen.has(phrase)) {
      lists.seen.delete(phrase);
      if (!lists.wanted.has(phrase)) lists.wanted.set(phrase, list ?? emptyList());
    } else if (!lists.wanted.has(phrase)) {
      const small = smallList(db, lists, phrase, totals);
      if (small) return small;
      if (lists.seen.size >= SEEN) lists.seen.clear();
      lists.seen.add(phrase);
    }
    return undefined;
  }
  lists.byPhrase.delete(phrase);
  const before = list.size;
  // Rows appended since are read now: the list then holds every document holding the phrase.
  const held = (read: number) => before + read;
  const upTo = lists.through;
  if (list.through < upTo && !extend(db, lists, { list, phrase, upTo, held, rows: -1 }, totals)) {
    lists.kept -= before;
    lists.refused.add(phrase);
    return undefined;
  }
  if (list.size > lists.cap) {
    lists.kept -= before;
    lists.refused.add(phrase);
    return undefined;
  }
  keep(lists, phrase, list, before);
  return list;
}

/**
 * One step of reading wanted lists: the next SLICE_ROWS documents of the first one, scored by
 * FTS5. A phrase held by more than the cap is refused. True while more is wanted.
 */
export function readWantedStep(db: Db, lists: Lists, totals: Totals): boolean {
  const first = lists.wanted.entries().next();
  if (first.done) return false;
  const [phrase, list] = first.value;
  // Counted once a read, again only when rows were appended meanwhile.
  const count = list.counted?.at === lists.through ? list.counted.n : heldBy(db, phrase, lists.cap);
  list.counted = { n: count, at: lists.through };
  const read = { list, phrase, upTo: lists.through, held: () => count, rows: SLICE_ROWS };
  if (count > lists.cap || !extend(db, lists, read, totals)) {
    lists.wanted.delete(phrase);
    lists.refused.add(phrase);
  } else if (list.through >= lists.through) {
    lists.wanted.delete(phrase);
    list.counted = undefined;
    // Read in slices, the arrays grew by doubling: kept at their size.
    list.ids = list.ids.slice(0, list.size);
    list.counts = list.counts.slice(0, list.size);
    keep(lists, phrase, list, 0);
  }
  return lists.wanted.size > 0;
}
