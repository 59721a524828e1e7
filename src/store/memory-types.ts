/** The kinds of observation the compressor produces (seed documents' format). */
export const OBSERVATION_TYPES = [
  'bugfix',
  'feature',
  'refactor',
  'change',
  'discovery',
  'decision',
] as const;

/** One of OBSERVATION_TYPES. */
export type ObservationType = (typeof OBSERVATION_TYPES)[number];

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
  scope: 'private' | 'team';
  /** Set on a teammate's row pulled from the team; null when written on this machine. */
  author: string | null;
  global_id: string | null;
  version: number;
}

/** A per-turn summary as stored. */
export interface SummaryRow {
  id: number;
  session_id: number;
  project: string;
  prompt_number: number;
  request: string;
  investigated: string;
  learned: string;
  completed: string;
  next_steps: string;
  notes: string;
  files_read: string;
  files_modified: string;
  provider: string;
  model: string | null;
  tokens_in: number;
  tokens_out: number;
  created_at: number;
  scope: 'private' | 'team';
  author: string | null;
  global_id: string | null;
  version: number;
}
