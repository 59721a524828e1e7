import { mapRow, type ColumnList, type ColumnValue } from '../row-mapper.ts';

/**
 * How a column of a session or a prompt is written: `text` people or tools wrote (the privacy
 * door takes it), or a `value` the program sets (an id, a key, a path, a time, a state).
 */
export type CaptureColumnKind = 'text' | 'value';

/** A session as stored (migration 001): every column a writer sets, `id` assigned. */
export interface StoredSession {
  session_id: string;
  project: string;
  project_root: string;
  cwd: string;
  git_branch: string | null;
  transcript_path: string | null;
  source: string | null;
  status: 'active' | 'completed' | 'failed';
  prompt_count: number;
  title: string | null;
  started_at: number;
  updated_at: number;
  ended_at: number | null;
  end_reason: string | null;
  compacted_at: number | null;
}

/**
 * The columns of a session: the one list every writer maps its input through (capture's
 * `upsertSession` and `nextPrompt`, import, team pull's sessions); export and import carry
 * exactly these. `agent` (migration 012) is not among them: only `setSessionAgent` writes it,
 * and only a known agent name.
 */
export const SESSION_COLUMNS = {
  session_id: 'value',
  project: 'value',
  project_root: 'value',
  cwd: 'value',
  git_branch: 'value',
  transcript_path: 'value',
  source: 'value',
  status: 'value',
  prompt_count: 'value',
  title: 'text',
  started_at: 'value',
  updated_at: 'value',
  ended_at: 'value',
  end_reason: 'value',
  compacted_at: 'value',
} as const satisfies Record<keyof StoredSession, CaptureColumnKind>;

/** A prompt as stored (migration 001); `id` is given only by an import that keeps it. */
export interface StoredPrompt {
  id: number | null;
  event_uid: string;
  /** The session's row id. */
  session_id: number;
  project: string;
  prompt_number: number;
  text: string;
  created_at: number;
}

/** The columns of a prompt: the one list capture (`insertPrompt`) and import map through. */
export const PROMPT_COLUMNS = {
  id: 'value',
  event_uid: 'value',
  session_id: 'value',
  project: 'value',
  prompt_number: 'value',
  text: 'text',
  created_at: 'value',
} as const satisfies Record<keyof StoredPrompt, CaptureColumnKind>;

const TABLES = { sessions: SESSION_COLUMNS, prompts: PROMPT_COLUMNS } as const;

/** The capture tables written from more than one place: each with its one column list. */
export type CaptureTable = keyof typeof TABLES;

/** The column list of `table`, each column with how it is written. */
export function captureColumns(table: CaptureTable): ColumnList {
  return TABLES[table];
}

/**
 * The row mapper of a session or a prompt: the columns of `table` that `input` holds (under their
 * own or camelCase names), `text` ones through the privacy door; anything else `input` holds is
 * left out, and so is a column it lacks (the insert takes its default).
 */
export function captureValues(table: CaptureTable, input: object): Record<string, ColumnValue> {
  return mapRow(TABLES[table], input);
}
