import { getObservations, jsonList as list, type ObservationRecord } from './memory-read.ts';
import type { SummaryRow } from './memory-types.ts';
import { stmt, type Db } from '../statements.ts';
import { teamFilterParts, type TeamFilter } from '../team/team-filter.ts';

/** The three kinds of item the viewer's feed shows. */
export const FEED_KINDS = ['observation', 'summary', 'prompt'] as const;

/** One of FEED_KINDS. */
export type FeedKind = (typeof FEED_KINDS)[number];

/** Order within one millisecond: an observation before its summary before its prompt. */
const RANK: Record<FeedKind, number> = { observation: 2, summary: 1, prompt: 0 };
const TABLE: Record<FeedKind, string> = {
  observation: 'observations',
  summary: 'summaries',
  prompt: 'prompts',
};

/** A summary with its list fields parsed and its session's Claude Code id. */
export interface SummaryRecord extends Omit<
  SummaryRow,
  'session_id' | 'files_read' | 'files_modified'
> {
  session_id: string | null;
  files_read: string[];
  files_modified: string[];
}

/** A stored prompt with its session's Claude Code id. */
export interface PromptRecord {
  id: number;
  session_id: string | null;
  project: string;
  prompt_number: number;
  text: string;
  created_at: number;
}

/** One item of the feed, newest first by (created_at, kind, id). */
export type FeedItem =
  | ({ kind: 'observation' } & ObservationRecord)
  | ({ kind: 'summary' } & SummaryRecord)
  | ({ kind: 'prompt' } & PromptRecord);

/** Where a page ends: the next page holds what sorts after it. */
export interface FeedCursor {
  at: number;
  rank: number;
  id: number;
}

/**
 * What the feed shows: some kinds, optionally one project and some observation types. An author
 * or scope (team memory) leaves prompts out: they have neither and are never shared.
 */
export interface FeedFilter extends TeamFilter {
  kinds: readonly FeedKind[];
  project?: string | undefined;
  types?: readonly string[] | undefined;
  /** Only what this coding agent made (summaries and prompts: by their session's agent). */
  agent?: string | undefined;
}

interface Ref {
  kind: FeedKind;
  id: number;
  created_at: number;
}

function pageOfKind(
  db: Db,
  kind: FeedKind,
  filter: FeedFilter,
  before: FeedCursor,
  limit: number,
): Ref[] {
  const typed = kind === 'observation' && filter.types !== undefined;
  const team = teamFilterParts('', filter);
  if (kind === 'prompt' && team.length > 0) return [];
  const sql = `SELECT '${kind}' AS kind, id, created_at FROM ${TABLE[kind]}
    WHERE (@project IS NULL OR project = @project)
      ${typed ? 'AND type IN (SELECT value FROM json_each(@types))' : ''}
      ${team.map(([part]) => `AND ${part}`).join(' ')}
      ${filter.agent === undefined ? '' : kind === 'observation' ? 'AND agent = @agent' : 'AND session_id IN (SELECT id FROM sessions WHERE agent = @agent)'}
      AND (created_at, ${RANK[kind]}, id) < (@at, @rank, @id)
    ORDER BY created_at DESC, id DESC LIMIT @limit`;
  return stmt(db, sql).all({
    project: filter.project ?? null,
    ...(typed ? { types: JSON.stringify(filter.types) } : {}),
    ...Object.assign({}, ...team.map(([, params]) => params)),
    ...(filter.agent === undefined ? {} : { agent: filter.agent }),
    ...before,
    limit,
  }) as Ref[];
}

const descending = (a: Ref, b: Ref): number =>
  b.created_at - a.created_at || RANK[b.kind] - RANK[a.kind] || b.id - a.id;

/**
 * One page of the feed, newest first, after `before` (keyset: items that arrive meanwhile do not
 * shift later pages). Returns the items and the cursor of the next page, null at the end.
 */
export function feedPage(
  db: Db,
  filter: FeedFilter,
  before: FeedCursor | undefined,
  limit: number,
): { items: FeedItem[]; next: FeedCursor | null } {
  const from = before ?? { at: Number.MAX_SAFE_INTEGER, rank: 9, id: 0 };
  const refs = filter.kinds
    .flatMap((kind) => pageOfKind(db, kind, filter, from, limit + 1))
    .sort(descending);
  const page = refs.slice(0, limit);
  const last = page.at(-1);
  const more = refs.length > limit && last !== undefined;
  return {
    items: hydrate(db, page),
    next: more ? { at: last.created_at, rank: RANK[last.kind], id: last.id } : null,
  };
}

/** The highest id of each kind: where a live stream starts. */
export type FeedMarks = Record<FeedKind, number>;

/** The current highest ids. */
export function feedMarks(db: Db): FeedMarks {
  const max = (kind: FeedKind): number =>
    stmt(db, `SELECT COALESCE(MAX(id), 0) FROM ${TABLE[kind]}`).pluck().get() as number;
  return { observation: max('observation'), summary: max('summary'), prompt: max('prompt') };
}

/** Items stored after `marks`, oldest first, at most `limit` of each kind. */
export function feedAfter(db: Db, marks: FeedMarks, limit: number): FeedItem[] {
  const refs = FEED_KINDS.flatMap(
    (kind) =>
      stmt(
        db,
        `SELECT '${kind}' AS kind, id, created_at FROM ${TABLE[kind]}
         WHERE id > ? ORDER BY id LIMIT ?`,
      ).all(marks[kind], limit) as Ref[],
  );
  return hydrate(
    db,
    refs.sort((a, b) => -descending(a, b)),
  );
}

function hydrate(db: Db, refs: readonly Ref[]): FeedItem[] {
  const ids = (kind: FeedKind) => refs.filter((ref) => ref.kind === kind).map((ref) => ref.id);
  const found = new Map<string, FeedItem>();
  for (const o of getObservations(db, ids('observation'))) {
    found.set(`observation:${o.id}`, { kind: 'observation', ...o });
  }
  for (const s of summariesById(db, ids('summary'))) found.set(`summary:${s.id}`, s);
  for (const p of promptsById(db, ids('prompt'))) found.set(`prompt:${p.id}`, p);
  return refs.flatMap((ref) => found.get(`${ref.kind}:${ref.id}`) ?? []);
}

function summariesById(db: Db, ids: readonly number[]): FeedItem[] {
  if (ids.length === 0) return [];
  const rows = stmt(
    db,
    `SELECT m.*, s.session_id AS session_id FROM summaries m
     LEFT JOIN sessions s ON s.id = m.session_id WHERE m.id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ids)) as Array<
    Omit<SummaryRow, 'session_id'> & { session_id: string | null }
  >;
  return rows.map((row) => ({
    kind: 'summary' as const,
    ...row,
    files_read: list(row.files_read),
    files_modified: list(row.files_modified),
  }));
}

function promptsById(db: Db, ids: readonly number[]): FeedItem[] {
  if (ids.length === 0) return [];
  const rows = stmt(
    db,
    `SELECT p.id, s.session_id, p.project, p.prompt_number, p.text, p.created_at
     FROM prompts p LEFT JOIN sessions s ON s.id = p.session_id
     WHERE p.id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ids)) as PromptRecord[];
  return rows.map((row) => ({ kind: 'prompt' as const, ...row }));
}
