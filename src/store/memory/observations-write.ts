import type { ObservationBody, ObservationType } from '../../domain/index.ts';
import { isObservationType } from '../row-door.ts';
import { stmt, type Db } from '../statements.ts';
import { insertSql } from '../row-mapper.ts';
import { contentValues } from './memory-columns.ts';
import type { Scope } from '../team/team-scope.ts';

/** A new observation and its provenance; list fields as arrays. */
export interface ObservationInput extends ObservationBody {
  sessionRowId: number;
  project: string;
  promptNumber: number;
  type: ObservationType;
  /** Other words for the observation (issue 15); '' when the provider wrote none. */
  searchKeys?: string | undefined;
  sourceEventIds: number[];
  provider: string;
  model: string | null;
  tokensIn: number;
  tokensOut: number;
  contentHash: string;
  at: number;
  /** `team` queues it for the team (migration 008's triggers); default private. */
  scope?: Scope | undefined;
}

const mergeIds = (stored: string, more: number[]): number[] => {
  let ids: unknown = [];
  try {
    ids = JSON.parse(stored);
  } catch {
    // A malformed list is replaced by the merged one.
  }
  const known = Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
  return [...new Set([...known, ...more])].sort((a, b) => a - b);
};

/**
 * Stores an observation once per session and content hash. A duplicate (same normalized content
 * in the same session) is not stored again; its source events are added to the stored one.
 */
export function insertObservation(
  db: Db,
  observation: ObservationInput,
): { id: number; duplicate: boolean } {
  const input = { ...observation, searchKeys: observation.searchKeys ?? '' };
  const values = {
    ...contentValues('observation', input),
    session_id: input.sessionRowId,
    project: input.project,
    source_event_ids: JSON.stringify(input.sourceEventIds),
    provider: input.provider,
    model: input.model,
    tokens_in: input.tokensIn,
    tokens_out: input.tokensOut,
    content_hash: input.contentHash,
    created_at: input.at,
    updated_at: input.at,
    scope: input.scope ?? 'private',
  };
  const row = stmt(
    db,
    insertSql(
      'observations',
      values,
      'ON CONFLICT (session_id, content_hash) DO NOTHING RETURNING id',
    ),
  ).get(values) as { id: number } | undefined;
  if (row) return { id: row.id, duplicate: false };
  const existing = stmt(
    db,
    'SELECT id, source_event_ids FROM observations WHERE session_id = ? AND content_hash = ?',
  ).get(input.sessionRowId, input.contentHash) as { id: number; source_event_ids: string };
  stmt(db, 'UPDATE observations SET source_event_ids = ? WHERE id = ?').run(
    JSON.stringify(mergeIds(existing.source_event_ids, input.sourceEventIds)),
    existing.id,
  );
  return { id: existing.id, duplicate: true };
}

/** The observations of one turn, oldest first, list fields parsed. */
export function observationsOfTurn(db: Db, sessionRowId: number, promptNumber: number) {
  const rows = stmt(
    db,
    `SELECT type, title, subtitle, narrative, facts, concepts, files_read, files_modified,
       source_event_ids FROM observations WHERE session_id = ? AND prompt_number = ? ORDER BY id`,
  ).all(sessionRowId, promptNumber) as Array<Record<string, string>>;
  const list = (text: string | undefined): string[] => JSON.parse(text ?? '[]') as string[];
  return rows.map((row) => ({
    // Stored through this module or the row door, so always a known type.
    type: isObservationType(row.type) ? row.type : 'change',
    title: row.title ?? '',
    subtitle: row.subtitle ?? '',
    narrative: row.narrative ?? '',
    facts: list(row.facts),
    concepts: list(row.concepts),
    filesRead: list(row.files_read),
    filesModified: list(row.files_modified),
    sourceEventIds: JSON.parse(row.source_event_ids ?? '[]') as number[],
  }));
}
