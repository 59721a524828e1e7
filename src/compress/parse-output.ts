import type { ObservationBody, SummaryBody } from '../domain/index.ts';
import { elementBlocks, elementInner, fieldText, itemTexts, unclosedField } from './xml-fields.ts';

/** An observation as read from model output, before normalization. */
export interface RawObservation extends ObservationBody {
  type: string;
  searchKeys: string;
  /** Ids from `<supersedes>` (issue 34). */
  supersedes?: number[] | undefined;
}

/** A summary as read from model output. */
export type RawSummary = SummaryBody;

/** Output we cannot use, and what is wrong with it (said to the model in the correction). */
export interface BadOutput {
  kind: 'bad';
  problem: string;
}

/** What a model answer meant: items, a deliberate skip, or output we cannot use. */
export type Parsed<T> =
  { kind: 'items'; items: T[] } | { kind: 'skip'; reason: string } | BadOutput;

const OBSERVATION_FIELDS = [
  'type',
  'title',
  'subtitle',
  'facts',
  'narrative',
  'concepts',
  'files_read',
  'files_modified',
  'search_keys',
  'supersedes',
];
const SUMMARY_FIELDS = ['request', 'investigated', 'learned', 'completed', 'next_steps', 'notes'];

const text = (block: string, name: string, fields: readonly string[]): string =>
  fieldText(elementInner(block, name, fields) ?? '');

function readObservation(block: string): RawObservation {
  const list = (name: string, item: string) =>
    itemTexts(elementInner(block, name, OBSERVATION_FIELDS), item);
  const supersedes = idsOf(text(block, 'supersedes', OBSERVATION_FIELDS));
  return {
    type: text(block, 'type', OBSERVATION_FIELDS),
    title: text(block, 'title', OBSERVATION_FIELDS),
    subtitle: text(block, 'subtitle', OBSERVATION_FIELDS),
    facts: list('facts', 'fact'),
    narrative: text(block, 'narrative', OBSERVATION_FIELDS),
    concepts: list('concepts', 'concept'),
    filesRead: list('files_read', 'file'),
    filesModified: list('files_modified', 'file'),
    searchKeys: text(block, 'search_keys', OBSERVATION_FIELDS),
    ...(supersedes.length > 0 ? { supersedes } : {}),
  };
}

/** `#12, 34` or `12 34`: at most 10 ids. */
const idsOf = (field: string): number[] =>
  [...new Set([...field.matchAll(/\d{1,15}/g)].map((m) => Number(m[0])))].slice(0, 10);

/** Code fences around XML are common; they carry nothing. */
export const unfence = (output: string): string => output.replace(/```[a-z]*\n?/gi, '');

function skipReason(output: string): string | undefined {
  const inner = elementInner(output, 'skip');
  if (inner !== undefined) return fieldText(inner) || 'nothing worth keeping';
  return /<skip\s*\/>/i.test(output) ? 'nothing worth keeping' : undefined;
}

/** What is wrong with the first block holding a field never closed before more markup. */
function brokenBlock(
  blocks: readonly string[],
  parent: string,
  fields: readonly string[],
): BadOutput | undefined {
  for (const [index, block] of blocks.entries()) {
    const field = unclosedField(block, parent, fields);
    if (field === undefined) continue;
    const which = blocks.length > 1 ? ` ${index + 1}` : '';
    return { kind: 'bad', problem: `<${field}> of <${parent}>${which} is never closed` };
  }
  return undefined;
}

/**
 * Reads `<observation>` elements from model output, tolerating text around them, code fences,
 * missing fields, CDATA, entities and a last element cut off by the token limit. An observation
 * needs a title, or at least a subtitle, a fact or a narrative to stand in for one. A field left
 * open before another one is broken XML, not a cut: the answer is bad (issue 12 stored
 * `<title>unclosed <type>x</obs>` as an observation titled "unclosed").
 */
export function parseObservations(output: string): Parsed<RawObservation> {
  const clean = unfence(output);
  const blocks = elementBlocks(clean, 'observation');
  const broken = brokenBlock(blocks, 'observation', OBSERVATION_FIELDS);
  if (broken) return broken;
  const items = blocks.map(readObservation).filter(hasSubstance);
  if (items.length > 0) return { kind: 'items', items };
  const reason = skipReason(clean);
  if (reason !== undefined) return { kind: 'skip', reason };
  if (clean.trim() === '') return { kind: 'skip', reason: 'the provider answered nothing' };
  return {
    kind: 'bad',
    problem:
      blocks.length > 0
        ? 'no <observation> had a <title> or any content'
        : 'the answer held no <observation> element and no <skip>',
  };
}

const hasSubstance = (item: RawObservation): boolean =>
  item.title !== '' || item.subtitle !== '' || item.narrative !== '' || item.facts.length > 0;

/** Reads the `<summary>` of model output with the same tolerance. */
export function parseSummary(output: string): Parsed<RawSummary> {
  const clean = unfence(output);
  const block = elementBlocks(clean, 'summary')[0];
  const broken = block === undefined ? undefined : brokenBlock([block], 'summary', SUMMARY_FIELDS);
  if (broken) return broken;
  if (block !== undefined) {
    const summary: RawSummary = {
      request: text(block, 'request', SUMMARY_FIELDS),
      investigated: text(block, 'investigated', SUMMARY_FIELDS),
      learned: text(block, 'learned', SUMMARY_FIELDS),
      completed: text(block, 'completed', SUMMARY_FIELDS),
      nextSteps: text(block, 'next_steps', SUMMARY_FIELDS),
      notes: text(block, 'notes', SUMMARY_FIELDS),
    };
    if (Object.values(summary).some((value) => value !== ''))
      return { kind: 'items', items: [summary] };
  }
  const reason = skipReason(clean);
  if (reason !== undefined) return { kind: 'skip', reason };
  if (clean.trim() === '') return { kind: 'skip', reason: 'the provider answered nothing' };
  return {
    kind: 'bad',
    problem: block
      ? 'the <summary> had no fields'
      : 'the answer held no <summary> element and no <skip>',
  };
}
