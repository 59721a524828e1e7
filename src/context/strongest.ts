import { stmt, type Db } from '../store/index.ts';
import { isRelevant, quote, RARE_FLOOR, type RareTerm } from './relevance.ts';

// Which of the candidates that pass the relevance test prompt-time recall injects (issue 32):
// the prompt's rare terms grouped into subjects, the candidates covering the most of them.

/**
 * Two rare terms are one subject when the rarer's holders nearly all hold the other too, and
 * they are more than a few (RARE_FLOOR): a word and its plural (`lookup`, `lookups`), the words
 * of one name (`schema package`). Counted twice, one subject made a memory that shared only it
 * look like it shared two (bench/REPORT.md, issue 32, "Recall precision"). Two words that only
 * one or two memories hold go together by chance of the store's size, and both count.
 */
const SAME_SUBJECT = 0.8;

/** How many observations hold both terms, counted up to `cap`. */
function bothFrequency(db: Db, a: string, b: string, cap: number): number {
  return stmt(
    db,
    `SELECT COUNT(*) FROM (SELECT 1 FROM observations_fts WHERE observations_fts MATCH @match
       LIMIT @cap)`,
  )
    .pluck()
    .get({ match: `${quote(a)} AND ${quote(b)}`, cap }) as number;
}

/** The prompt's subjects: each rare term's subject, numbered from 0 in the prompt's order. */
export function subjectsOf(db: Db, rare: readonly RareTerm[]): Map<string, number> {
  const subject = new Map<string, number>();
  let count = 0;
  for (const [i, term] of rare.entries()) {
    const fewer = (other: RareTerm): number => Math.min(term.holders, other.holders);
    const same = rare
      .slice(0, i)
      .find(
        (other) =>
          fewer(other) > RARE_FLOOR &&
          bothFrequency(db, term.term, other.term, fewer(other)) >= SAME_SUBJECT * fewer(other),
      );
    subject.set(term.term, same === undefined ? count++ : subject.get(same.term)!);
  }
  return subject;
}

/** Each subject's rarest term, written as code if one of its terms is: what the threshold counts. */
export function subjectTerms(rare: readonly RareTerm[], subjects: Map<string, number>): RareTerm[] {
  const rarest = new Map<number, RareTerm>();
  for (const term of rare) {
    const at = subjects.get(term.term)!;
    const seen = rarest.get(at);
    const code = term.code === true || seen?.code === true;
    if (seen === undefined || term.holders < seen.holders) rarest.set(at, { ...term, code });
    else rarest.set(at, { ...seen, code });
  }
  return [...rarest.values()];
}

/** What the selection knows of one candidate. */
export interface Evidence {
  /** The prompt's rare terms it holds. */
  rare: readonly string[];
  /** How many of the prompt's content words it holds (everyday ones too). */
  words: number;
  /** The prompt's rare terms it holds in TOPICAL_COLUMNS (its search keys, files, identifiers). */
  topical: readonly string[];
}

/**
 * The candidates (in the search's order) to inject: those that pass the relevance threshold
 * and hold the most of the prompt's subjects; of them, those holding the most of the prompt's
 * words (an everyday word cannot admit a memory, but among admitted ones `moved` tells the
 * refactor from the timeout); and only the first of them when none holds every subject. On the
 * paraphrase bench, memories that shared the asked kind of work and one half of the
 * component's name (`Chose zod for the billing handler` for `schema package for the invoicing
 * connector`) filled the slots that ties left open: 43% of what was injected (bench/REPORT.md).
 */
export function strongest<T extends { id: number }>(
  candidates: readonly T[],
  evidence: (id: number) => Evidence,
  subjects: Map<string, number>,
  content: number,
  rare: readonly RareTerm[],
): T[] {
  const subjectCount = new Set(subjects.values()).size;
  const held = (id: number): number =>
    new Set(evidence(id).rare.map((term) => subjects.get(term))).size;
  const counted = subjectTerms(rare, subjects);
  const relevant = candidates.filter((c) => {
    const { words, topical } = evidence(c.id);
    return isRelevant(held(c.id), counted, content, words, topical.length > 0);
  });
  const most = Math.max(0, ...relevant.map((c) => held(c.id)));
  const covering = relevant.filter((c) => held(c.id) === most);
  const words = Math.max(0, ...covering.map((c) => evidence(c.id).words));
  const best = covering.filter((c) => evidence(c.id).words === words);
  return most < subjectCount ? best.slice(0, 1) : best;
}
