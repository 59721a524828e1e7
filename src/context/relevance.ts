import { stmt, type Db } from '../store/index.ts';
import { isGeneric } from './generic-words.ts';

/** Words that carry no subject, left out of a prompt's terms. */
const COMMON = new Set(
  (
    'about above after again all also any are because been before being below between both but ' +
    'can cannot could did does doing done down during each either else even ever every few for ' +
    'from get got had has have having here how into its just like make many may more most much ' +
    'must need now off once only other our out over own please same should show some still such ' +
    'than that the their them then there these they thing things this those through too try under ' +
    'until use used using very want was way were what when where which while who why will with ' +
    'would yes yet you your let lets look see run file files code work'
  ).split(' '),
);

const MAX_TERMS = 24;

/** The distinct content words of `text` (3+ characters, not common), lowercased, at most 24. */
export function contentTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  return [...new Set(words.filter((word) => !COMMON.has(word)))].slice(0, MAX_TERMS);
}

/**
 * The content terms of `text` that can say which memory it needs: everyday coding words
 * (generic-words.ts) left out, an identifier kept. Empty: the prompt has no content signal.
 */
export function signalTerms(text: string): string[] {
  const words = text.match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  const kept = words.filter((word) => !isGeneric(word)).map((word) => word.toLowerCase());
  return [...new Set(kept.filter((word) => !COMMON.has(word)))].slice(0, MAX_TERMS);
}

/** A word written as code: a digit, an inner capital, all capitals (5+), or joined by _ . / */
const CODE_WORD = /\d|[a-z][A-Z]|^[A-Z]{5,}$/u;
const CODE_JOINED = /[\p{L}\p{N}]+(?:[_./][\p{L}\p{N}]+)+/gu;

/**
 * The words of `text` written as code (`rateLimiter`, `ECONNRESET`, `014`, `node_modules`,
 * `package.json`), lowercased: what names one thing of a project, where a plain word (`image`,
 * `loading`) says what kind of thing.
 */
export function codeTerms(text: string): Set<string> {
  const words = text.match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  const joined = (text.match(CODE_JOINED) ?? []).flatMap(
    (run) => run.match(/[\p{L}\p{N}]{3,}/gu) ?? [],
  );
  return new Set(
    [...words.filter((word) => CODE_WORD.test(word)), ...joined].map((word) => word.toLowerCase()),
  );
}

/** `term` as an FTS5 phrase. */
export const quote = (term: string): string => `"${term.replaceAll('"', '""')}"`;

/** How many observations hold `term` (stemmed), counted up to `cap` (FTS index only). */
function docFrequency(db: Db, term: string, cap: number): number {
  return stmt(
    db,
    `SELECT COUNT(*) FROM (SELECT 1 FROM observations_fts WHERE observations_fts MATCH @match
       LIMIT @cap)`,
  )
    .pluck()
    .get({ match: quote(term), cap }) as number;
}

/** About how many observations there are (the newest id: no scan). */
const observationCount = (db: Db): number =>
  (stmt(db, 'SELECT MAX(id) FROM observations').pluck().get() as number | null) ?? 0;

/** A rare term of a prompt and how many observations hold it. */
export interface RareTerm {
  term: string;
  holders: number;
  /** Written as code in the prompt (codeTerms). */
  code?: boolean;
}

/** A term is rare when at most this share of the observations hold it... */
const RARE_SHARE = 0.1;
/** ...and at least this many may (a small memory's topic still counts)... */
export const RARE_FLOOR = 20;
/**
 * ...and never more than this many: each term is counted up to the cap, so the cap bounds what
 * a prompt costs at a million observations (10% of them would be 100,000 index entries a term).
 */
const RARE_CEILING = 5000;

/**
 * The prompt's rare terms: held by at least one observation and by at most 10% of them (at
 * least 20, at most 5,000). Common words of the memory ("test", "worker") say nothing about
 * which memory a prompt needs; only rare ones can make one relevant. Counted over all projects,
 * from the full-text index alone, to stay within a hook's budget
 * (bench/recall-hook-latency.ts). 10% rather than 5%: a subsystem's name is held by 5-10% of a
 * project's memories, and at 5% the paraphrase bench's questions kept only words that told
 * nothing (bench/REPORT.md, "Paraphrase recall").
 */
export function rareTerms(db: Db, terms: readonly string[]): RareTerm[] {
  const share = Math.ceil(observationCount(db) * RARE_SHARE);
  const cap = Math.min(Math.max(RARE_FLOOR, share), RARE_CEILING);
  return terms.flatMap((term) => {
    const holders = docFrequency(db, term, cap + 1);
    return holders >= 1 && holders <= cap ? [{ term, holders }] : [];
  });
}

/**
 * For each of `ids`, which of `terms` it holds (stemmed), in any field or only in `columns` (an
 * FTS5 column filter such as TOPICAL_COLUMNS).
 */
export function matchedTerms(
  db: Db,
  ids: readonly number[],
  terms: readonly string[],
  columns = '',
): Map<number, string[]> {
  const held = new Map<number, string[]>(ids.map((id) => [id, []]));
  const idList = JSON.stringify(ids);
  for (const term of terms) {
    const hits = stmt(
      db,
      `SELECT rowid FROM observations_fts WHERE observations_fts MATCH @match
         AND rowid IN (SELECT value FROM json_each(@ids))`,
    )
      .pluck()
      .all({ match: `${columns}${quote(term)}`, ids: idList }) as number[];
    for (const id of hits) held.get(id)?.push(term);
  }
  return held;
}

/**
 * Where a memory names what it is about rather than mentions it: its search keys and its code
 * terms (the files it touched and its identifiers, split: `src/spool/spool-writer.ts` holds
 * `spool`). A short prompt's one plain word counts only there (isRelevant).
 */
export const TOPICAL_COLUMNS = '{search_keys code_terms} : ';

/** Content terms of a prompt short enough that its one rare term is what it is about. */
export const SHORT_PROMPT = 3;

/**
 * The relevance threshold: a memory counts when it holds at least two of the prompt's rare
 * subjects (concepts: rare terms that go together count once); or, when the prompt has one,
 * that one if the prompt is short (at most 3 content terms: `ECONNRESET again?`) and the term is
 * written as code or `topical` (the memory holds it in its search keys, file names or
 * identifiers: TOPICAL_COLUMNS); or if it is written as code and next to no memory holds it (at
 * most 20: an error code, a function's name). A longer prompt's one rare word that many
 * memories hold let in any of them: the paraphrase bench's prompts got 1.4 memories each, 15%
 * of them about the asked component. A plain word is held by next to no memory in any small
 * store: held-out ordinary prompts drew one for 27% of them (`add a loading spinner`, `the
 * docker image is huge`; bench/REPORT.md); such a word counts when the memory also holds two
 * thirds of the prompt's content `words` (`we oversold the last unit in inventory`). A short
 * prompt's plain word that the memory only mentions drew one for 17% of a second held-out set
 * (`clear the npm cache` -> `Geocoder caches ...`): a word the memory mentions in passing says
 * what kind of thing, one it names its files or keys by says which part of the project.
 */
export function isRelevant(
  matched: number,
  rare: readonly RareTerm[],
  content: number,
  words = 0,
  topical = false,
): boolean {
  if (rare.length >= 2) return matched >= 2;
  const sole = rare[0];
  return (
    sole !== undefined &&
    matched >= 1 &&
    ((content <= SHORT_PROMPT && (sole.code === true || topical)) ||
      words * 3 >= content * 2 ||
      (sole.code === true && sole.holders <= RARE_FLOOR))
  );
}

/**
 * Why a memory passed: the prompt's rare terms it holds, each with how many memories hold it
 * (the recall API and the viewer show it beside each injected line).
 */
export function reasonOf(held: readonly string[], rare: readonly RareTerm[]): string {
  const holders = new Map(rare.map((r) => [r.term, r.holders]));
  const terms = held.map((term) => `"${term}" (${holders.get(term) ?? '?'} memories hold it)`);
  const kind = held.length >= 2 ? `${held.length} of the prompt's rare terms` : 'rare term';
  return `${kind}: ${terms.join(', ')}`;
}
