import type { ObservationType, SpendFields } from '../../domain/index.ts';
import type { ColumnKind, OBSERVATION_CONTENT, SUMMARY_CONTENT } from './memory-columns.ts';

export { OBSERVATION_TYPES, type ObservationType } from '../../domain/index.ts';

/** Content columns as stored: text, lists as JSON text, the closed type, a prompt number. */
type StoredContent<C extends Record<string, ColumnKind>> = {
  -readonly [K in keyof C]: C[K] extends 'type'
    ? ObservationType
    : C[K] extends 'count'
      ? number | null
      : string;
};

/** Team memory (migration 008): who may see a row, whose it is, and its shared identity. */
interface TeamColumns {
  /** `private` or `team`. */
  scope: 'private' | 'team';
  /** Set on a teammate's row pulled from the team; null when written on this machine. */
  author: string | null;
  global_id: string | null;
  version: number;
}

/**
 * An observation as stored: its content columns (memory-columns.ts's one list, so a column added
 * there is here too) and its provenance; list fields are JSON arrays of strings in the table.
 */
export interface ObservationRow extends StoredContent<typeof OBSERVATION_CONTENT>, TeamColumns {
  id: number;
  session_id: number | null;
  project: string;
  source_event_ids: string;
  provider: string;
  model: string | null;
  tokens_in: number;
  tokens_out: number;
  content_hash: string;
  pinned: number;
  created_at: number;
  updated_at: number;
}

/** A per-turn summary as stored; list fields are JSON arrays of strings in the table. */
export interface SummaryRow
  extends Omit<StoredContent<typeof SUMMARY_CONTENT>, 'prompt_number'>, SpendFields, TeamColumns {
  id: number;
  session_id: number;
  project: string;
  prompt_number: number;
  created_at: number;
}
