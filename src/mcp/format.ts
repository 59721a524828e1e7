import type * as RecallApi from '../domain/recall-api.ts';
import type { ObservationDetail, TimelineEntry } from '../domain/recall-api.ts';
import { knownNote, olderNote } from '../domain/index.ts';
import { anchorLine, anchorTag } from './anchor-format.ts';

/** The fields of a search hit the index line shows. */
export type SearchItem = Pick<
  RecallApi.SearchItem,
  | 'id'
  | 'date'
  | 'type'
  | 'title'
  | 'project'
  | 'tokens'
  | 'pinned'
  | 'anchor'
  | 'scope'
  | 'author'
  | 'known'
  | 'older'
>;

/** ` [superseded by #12 on 2026-11-02]`, ` [hypothesis (not verified)]` (issue 34). */
function truthTag(item: Pick<SearchItem, 'known' | 'older'>): string {
  const notes = [
    item.older ? olderNote(item.older) : '',
    item.known === 'hypothesis' ? knownNote(item.known) : '',
  ];
  const text = notes.filter((note) => note !== '').join('; ');
  return text ? ` [${text}]` : '';
}

/** What get_observations says of a record's truth: how it is known, what replaced it, its chain. */
function truthLines(o: ObservationDetail): string[] {
  const known = knownNote(o.known, o.known_by);
  const older =
    o.superseded_by != null
      ? `${o.superseded_local ? 'Marked older here: ' : 'Superseded: '}${olderNote({ by: o.superseded_by, at: o.superseded_at ?? null, stored: true })}; get_observations(ids=[${o.superseded_by}]) says what is true now`
      : '';
  const chain =
    (o.chain ?? []).length > 1
      ? `Chain: ${(o.chain ?? []).map((link) => `#${link.id}`).join(' -> ')} (oldest first)`
      : '';
  return [known ? `Known: ${known}` : '', older, chain].filter((line) => line !== '');
}

export type { TimelineEntry, ObservationDetail };

/** `[by alice] ` for a teammate's memory, `[team] ` for one of ours that is shared. */
export function teamTag(item: { scope?: string | undefined; author?: string | null | undefined }) {
  if (item.author) return `[by ${item.author}] `;
  return item.scope === 'team' ? '[team] ' : '';
}

/** `2025-05-31 18:02` from an ISO date (UTC, as stored). */
const short = (iso: string): string => iso.slice(0, 16).replace('T', ' ');

/** The compact index `search` answers with: one line per hit. */
export function formatSearch(
  items: readonly SearchItem[],
  meta: { mode: string; hasMore: boolean; offset: number; scope: string; query?: string },
): string {
  if (items.length === 0 && meta.query?.trim()) {
    return `No observations match "${meta.query}" (${meta.scope}, ${meta.mode}): nothing holds these words or is close in meaning.`;
  }
  if (items.length === 0) return `No observations found (${meta.scope}).`;
  const lines = items.map(
    (item) =>
      `#${item.id}  ${short(item.date)}  ${item.type.padEnd(9)} ${item.pinned ? '[pinned] ' : ''}${teamTag(item)}${item.title}  (~${item.tokens} tokens)${anchorTag(item.anchor)}${truthTag(item)}`,
  );
  const more = meta.hasMore
    ? `\nMore results: call search again with offset=${meta.offset + items.length}.`
    : '';
  return [
    `${items.length} observation${items.length === 1 ? '' : 's'} (${meta.scope}, ranked by ${meta.mode}); dates UTC:`,
    ...lines,
    `${more}\nNext: timeline(anchor=<id>) for what happened around one, get_observations(ids=[...]) for full records.`,
  ].join('\n');
}

/** The timeline in time order, the anchor marked. */
export function formatTimeline(
  project: string,
  anchor: string,
  items: readonly TimelineEntry[],
): string {
  const lines = items.map((item) => {
    const ref = `#${item.ref}`;
    const label = item.kind === 'observation' ? item.type : item.kind;
    return `${item.anchor ? '>' : ' '} ${ref.padEnd(7)} ${short(item.date)}  ${label.padEnd(9)} ${item.title}`;
  });
  return [
    `Timeline of ${project} around ${anchor} (#P = prompt, #S = summary; dates UTC):`,
    ...lines,
    'Next: get_observations(ids=[...]) for the full records you need.',
  ].join('\n');
}

const listLine = (label: string, values: readonly string[]): string[] =>
  values.length > 0 ? [`${label}: ${values.join(', ')}`] : [];

/** Full records, one block each. */
export function formatObservations(
  items: readonly ObservationDetail[],
  missing: readonly number[],
): string {
  const blocks = items.map((o) =>
    [
      `#${o.id} ${o.type}${o.pinned ? ' [pinned]' : ''} ${teamTag(o)}`.trimEnd() + `: ${o.title}`,
      ...(o.subtitle ? [o.subtitle] : []),
      `Date: ${short(o.date)} UTC  Project: ${o.project}${o.session_id ? `  Session: ${o.session_id}` : ''}`,
      ...truthLines(o),
      ...(o.narrative ? ['', o.narrative] : []),
      ...(o.facts.length > 0 ? ['', 'Facts:', ...o.facts.map((fact) => `- ${fact}`)] : []),
      ...listLine('Concepts', o.concepts),
      ...listLine('Files read', o.files_read),
      ...listLine('Files modified', o.files_modified),
      ...anchorLine(o.anchor),
    ].join('\n'),
  );
  const notFound =
    missing.length > 0 ? [`Not found: ${missing.map((id) => `#${id}`).join(', ')}`] : [];
  return [...blocks, ...notFound].join('\n\n');
}
