import type { Db } from '../store/index.ts';
import { indexTerms, termPhrase } from './fts-tokens.ts';
import { BUDGET, emptyList, type Lists } from './term-lists.ts';

// The lists of the index's most common terms, read before anyone searches them (issue 33):
// a phrase's list is otherwise read from its second search, so the first searches of a fresh
// worker, and every first search of a word, were ranked by FTS5, which scores every document
// holding a common word. Once lists begin (the worker's start, elsewhere a first search), the
// vocabulary is read a slice at a time between requests, then the lists of the terms held by
// the most documents (those FTS5 is slowest at), each read as a wanted list is, until they hold
// AHEAD_SHARE of the budget: the rest is left for the phrases searches ask for.

/** Part of the lists' budget the terms read ahead may fill. */
const AHEAD_SHARE = 1;
/** Terms of the vocabulary read in one step (one statement), at most. */
const SCAN_TERMS = 500;
/** The fewest terms a step reads. */
const SCAN_MIN = 8;
/**
 * A step of the vocabulary aims at this long: FTS5 counts a term's documents by reading its
 * doclist, so 500 terms took 120 ms at 100,000 observations, and a request waited that long.
 */
const SCAN_MS = 4;
/** A term held by fewer documents is read when a search asks (term-lists.ts SMALL). */
const AHEAD_MIN_DOCS = 64;
/**
 * Past this many rows the vocabulary is not read ahead: FTS5 counts each term's documents by
 * reading its doclist, the whole index once, and a term held by more than the cap is not kept.
 */
const AHEAD_MAX_ROWS = 250_000;
/** After lists are dropped (an edit, a delete), the next read ahead waits this long. */
const AHEAD_AGAIN_MS = 10 * 60_000;

interface Ahead {
  /** The last term of the vocabulary scanned. */
  after: string;
  /** Terms the next step reads: from SCAN_MIN, as many as SCAN_MS allows, growing 4x at most. */
  batch: number;
  /** The terms worth a list found so far, and how many documents hold each. */
  found: Array<{ term: string; doc: number }>;
  /** Once scanned: the terms to read, most documents first, and the next one's place. */
  queue: Array<{ term: string; doc: number }> | undefined;
  next: number;
  done: boolean;
}

const aheadOf = new WeakMap<Lists, Ahead>();
const startedAt = new WeakMap<Db, number>();

function begin(db: Db, lists: Lists, rows: number): Ahead {
  const last = startedAt.get(db);
  const now = Date.now();
  const due = last === undefined || now - last >= AHEAD_AGAIN_MS;
  const ahead: Ahead = {
    after: '',
    batch: SCAN_MIN,
    found: [],
    queue: undefined,
    next: 0,
    done: true,
  };
  if (due && rows <= AHEAD_MAX_ROWS) {
    ahead.done = false;
    startedAt.set(db, now);
  }
  aheadOf.set(lists, ahead);
  return ahead;
}

/** Whether `lists` still have terms to read ahead (or have not looked yet). */
export const aheadPending = (lists: Lists): boolean => !(aheadOf.get(lists)?.done ?? false);

/** One slice of the vocabulary: the terms held by AHEAD_MIN_DOCS to the cap kept. */
function scan(db: Db, lists: Lists, ahead: Ahead): void {
  const started = performance.now();
  const terms = indexTerms(db, ahead.after, ahead.batch);
  if (!terms) {
    ahead.done = true;
    return;
  }
  const took = Math.max(performance.now() - started, 0.01);
  const read = ahead.batch;
  const fit = Math.min((read * SCAN_MS) / took, read * 4, SCAN_TERMS);
  ahead.batch = Math.max(SCAN_MIN, Math.round(fit));
  for (const { term, doc } of terms) {
    if (doc >= AHEAD_MIN_DOCS && doc <= lists.cap) ahead.found.push({ term, doc });
    if (term > ahead.after) ahead.after = term;
  }
  if (terms.length < read) {
    ahead.queue = ahead.found.sort((a, b) => b.doc - a.doc);
    ahead.found = [];
  }
}

/**
 * One step of reading ahead (the lists searches want come first: call it when none is wanted):
 * a slice of the vocabulary, or the next common term made wanted. True while more is to do.
 */
export function aheadStep(db: Db, lists: Lists, rows: number): boolean {
  const ahead = aheadOf.get(lists) ?? begin(db, lists, rows);
  if (ahead.done) return false;
  if (!ahead.queue) {
    scan(db, lists, ahead);
    return !ahead.done;
  }
  while (ahead.next < ahead.queue.length) {
    const { term, doc } = ahead.queue[ahead.next]!;
    ahead.next += 1;
    if (lists.kept >= BUDGET * AHEAD_SHARE) break;
    if (lists.kept + doc > BUDGET * AHEAD_SHARE) continue;
    const phrase = termPhrase(db, term);
    if (!phrase || lists.byPhrase.has(phrase) || lists.refused.has(phrase)) continue;
    lists.wanted.set(phrase, emptyList());
    return true;
  }
  ahead.done = true;
  ahead.queue = undefined;
  return false;
}
