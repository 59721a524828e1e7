import { createHash } from 'node:crypto';
import { relativize } from './render-event.ts';
import type { RawObservation, RawSummary } from './parse-output.ts';
import { OBSERVATION_TYPES, isOneOf, type ObservationType } from '../domain/index.ts';
import type { ObservationDraft, SummaryDraft } from './types.ts';

/** Words models use for our types. */
const TYPE_ALIASES: Record<string, ObservationType> = {
  fix: 'bugfix',
  'bug-fix': 'bugfix',
  bug: 'bugfix',
  feat: 'feature',
  refactoring: 'refactor',
  learning: 'discovery',
  investigation: 'discovery',
  research: 'discovery',
  finding: 'discovery',
  docs: 'change',
  config: 'change',
  chore: 'change',
};

const TITLE_CHARS = 160;
/** About 25 words: keys are a few other words for the observation, not a second narrative. */
export const SEARCH_KEYS_CHARS = 300;
const FIELD_CHARS = 2000;
const MAX_ITEMS = 20;

/** A known type from what the model wrote; anything unrecognised becomes `change`. */
export function observationType(raw: string): ObservationType {
  const word = raw
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/^\W+|\W+$/g, '');
  if (isOneOf(OBSERVATION_TYPES, word)) return word;
  return TYPE_ALIASES[word] ?? 'change';
}

const clip = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

function uniqueList(items: readonly string[], map: (item: string) => string = (x) => x): string[] {
  const seen = new Set<string>();
  for (const item of items.map(map).map((x) => x.trim())) {
    if (item !== '' && !seen.has(item)) seen.add(item);
  }
  return [...seen].slice(0, MAX_ITEMS);
}

/** Paths relative to the project root, without a leading `./`. */
export const relativePath = (path: string, root: string): string =>
  relativize(path, root).replace(/^\.\//, '');

/** A stored-shape observation from parsed model output. */
export function toObservationDraft(
  raw: RawObservation,
  root: string,
  sourceEventIds: number[],
): ObservationDraft {
  const title = raw.title || raw.subtitle || raw.facts[0] || raw.narrative;
  return {
    type: observationType(raw.type),
    title: clip(title, TITLE_CHARS),
    subtitle: clip(raw.subtitle, 400),
    facts: uniqueList(raw.facts, (fact) => clip(fact, 500)),
    narrative: clip(raw.narrative, FIELD_CHARS),
    concepts: uniqueList(raw.concepts, (concept) => concept.toLowerCase().replace(/\s+/g, '-')),
    filesRead: uniqueList(raw.filesRead, (path) => relativePath(path, root)),
    filesModified: uniqueList(raw.filesModified, (path) => relativePath(path, root)),
    searchKeys: clip(raw.searchKeys.replace(/\s+/g, ' ').trim(), SEARCH_KEYS_CHARS),
    sourceEventIds,
    ...(raw.supersedes?.length ? { supersedes: raw.supersedes } : {}),
  };
}

/** A stored-shape summary from parsed model output. */
export function toSummaryDraft(
  raw: RawSummary,
  files: Pick<SummaryDraft, 'filesRead' | 'filesModified'>,
): SummaryDraft {
  return {
    request: clip(raw.request, 400),
    investigated: clip(raw.investigated, FIELD_CHARS),
    learned: clip(raw.learned, FIELD_CHARS),
    completed: clip(raw.completed, FIELD_CHARS),
    nextSteps: clip(raw.nextSteps, FIELD_CHARS),
    notes: clip(raw.notes, FIELD_CHARS),
    ...files,
  };
}

const normalizeText = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The dedup key of an observation within its session: type, title, narrative and the sorted
 * facts and files, lower-cased with white space collapsed, hashed (sha256, hex).
 */
export function contentHash(observation: ObservationDraft): string {
  const parts = [
    observation.type,
    observation.title,
    observation.narrative,
    [...observation.facts].sort().join('\n'),
    [...observation.filesModified, ...observation.filesRead].sort().join('\n'),
  ];
  return createHash('sha256').update(parts.map(normalizeText).join('\u0000')).digest('hex');
}
