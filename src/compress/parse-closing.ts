import {
  parseObservations,
  parseSummary,
  unfence,
  type BadOutput,
  type Parsed,
  type RawObservation,
  type RawSummary,
} from './parse-output.ts';
import { elementBlocks } from './xml-fields.ts';

/** The summary part of a closing batch's answer: a summary, or a deliberate skip. */
export type ClosingSummary = Exclude<Parsed<RawSummary>, BadOutput>;

/**
 * A closing batch's answer: its observations (or skip) as parseObservations reads them, and its
 * summary, undefined when the answer held none we can trust (the turn is then summarized by a
 * request of its own).
 */
export type ClosingAnswer = Exclude<Parsed<RawObservation>, BadOutput> & {
  summary: ClosingSummary | undefined;
};

/**
 * Reads the answer to an observation request that also asked for the turn's summary: the
 * `<observation>` elements (or `<skip>`) as parseObservations does, then one `<summary>`. Only
 * the observations decide whether the answer is usable; a summary that is missing, empty or cut
 * off by the token limit (never closed) counts as absent rather than stored half-written. A bare
 * `<skip>` with no summary answers for the whole turn, as the instructions say.
 */
export function parseClosingAnswer(output: string): ClosingAnswer | BadOutput {
  const clean = unfence(output);
  const block = elementBlocks(clean, 'summary')[0];
  const rest = block === undefined ? clean : clean.replace(block, '\n');
  const observations = parseObservations(rest);
  if (observations.kind === 'bad') return observations;
  if (block === undefined) {
    const summary = observations.kind === 'skip' ? observations : undefined;
    return { ...observations, summary };
  }
  const closed = /<\/summary\s*>$/i.test(block);
  const parsed = closed ? parseSummary(block) : undefined;
  const summary = parsed?.kind === 'bad' ? undefined : parsed;
  if (rest.trim() === '')
    return { kind: 'skip', reason: 'the answer held only a summary', summary };
  return { ...observations, summary };
}
