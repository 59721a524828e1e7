import type { Scope, SpendFields, SummaryFields } from '../../domain/index.ts';

export { OBSERVATION_TYPES, type ObservationType } from '../../domain/index.ts';

/** An observation as stored; list fields are JSON arrays of strings in the table. */
export interface ObservationRow {
  id: number;
  session_id: number | null;
  project: string;
  prompt_number: number | null;
  type: string;
  title: string;
  subtitle: string;
  narrative: string;
  facts: string;
  concepts: string;
  files_read: string;
  files_modified: string;
  source_event_ids: string;
  provider: string;
  model: string | null;
  tokens_in: number;
  tokens_out: number;
  content_hash: string;
  pinned: number;
  created_at: number;
  updated_at: number;
  /** Team memory (migration 008): `private` or `team`. */
  scope: Scope;
  /** Set on a teammate's row pulled from the team; null when written on this machine. */
  author: string | null;
  global_id: string | null;
  version: number;
}

/** A per-turn summary as stored; list fields are JSON arrays of strings in the table. */
export interface SummaryRow
  extends Omit<SummaryFields, 'files_read' | 'files_modified'>, SpendFields {
  id: number;
  session_id: number;
  project: string;
  prompt_number: number;
  files_read: string;
  files_modified: string;
  created_at: number;
  scope: Scope;
  author: string | null;
  global_id: string | null;
  version: number;
}
