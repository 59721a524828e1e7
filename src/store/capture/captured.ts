import { throughDoor } from '../privacy-door.ts';
import { insertSql } from '../row-mapper.ts';
import { captureValues } from './capture-columns.ts';
import { stmt, type Page, type Db } from '../statements.ts';

/**
 * Claims a spool event id. False when it was ingested before: the caller then skips it, which is
 * what makes a redelivered spool file (worker killed between commit and unlink) harmless.
 */
export function claimEvent(db: Db, eventUid: string, kind: string, at: number): boolean {
  const result = stmt(
    db,
    'INSERT OR IGNORE INTO ingested (event_uid, kind, at) VALUES (?, ?, ?)',
  ).run(eventUid, kind, at);
  return result.changes === 1;
}

/** A prompt as stored: tags already stripped by the hook. */
export interface PromptInput {
  eventUid: string;
  sessionRowId: number;
  project: string;
  promptNumber: number;
  text: string;
  at: number;
}

/** Stores one user prompt. */
export function insertPrompt(db: Db, input: PromptInput): void {
  const values = captureValues('prompts', {
    ...input,
    session_id: input.sessionRowId,
    created_at: input.at,
  });
  stmt(db, insertSql('prompts', values, 'ON CONFLICT DO NOTHING')).run(values);
}

/** A captured tool call, already stripped, redacted and elided by the hook. */
export interface ToolEventInput {
  eventUid: string;
  toolUseId: string | null;
  sessionRowId: number;
  project: string;
  promptNumber: number;
  agentId: string | null;
  toolName: string;
  toolInput: string;
  toolResponse: string | null;
  error: string | null;
  failed: boolean;
  durationMs: number | null;
  at: number;
}

/**
 * Stores a tool event once: a second delivery of the same tool_use_id is ignored. `ON CONFLICT
 * DO NOTHING` rather than `OR IGNORE`, which would also swallow a NOT NULL violation and so drop
 * a malformed event silently instead of letting ingest quarantine it with the reason.
 */
export function insertToolEvent(db: Db, input: ToolEventInput): boolean {
  const clean = throughDoor(input, { text: ['error'], json: ['toolInput', 'toolResponse'] });
  const result = stmt(
    db,
    `INSERT INTO events (event_uid, tool_use_id, session_id, project, prompt_number,
       agent_id, tool_name, tool_input, tool_response, error, failed, duration_ms, created_at,
       updated_at)
     VALUES (@eventUid, @toolUseId, @sessionRowId, @project, @promptNumber, @agentId, @toolName,
       @toolInput, @toolResponse, @error, @failed, @durationMs, @at, @at)
     ON CONFLICT DO NOTHING`,
  ).run({ ...clean, failed: clean.failed ? 1 : 0 });
  return result.changes === 1;
}

/**
 * The event id prefix of a tool call the worker recovered from the transcript at Stop because
 * its PostToolUse hook never arrived (src/worker/capture/recover-tools.ts).
 */
export const RECOVERED_EVENT_PREFIX = 'rc-';

/** How many stored tool events were recovered from transcripts (a range on the unique index). */
export function countRecoveredEvents(db: Db): number {
  return stmt(db, "SELECT count(*) FROM events WHERE event_uid >= 'rc-' AND event_uid < 'rc.'")
    .pluck()
    .get() as number;
}

/** The tool_use_ids among `ids` that a stored tool event already has. */
export function storedToolUseIds(db: Db, ids: readonly string[]): Set<string> {
  const find = stmt(db, 'SELECT 1 FROM events WHERE tool_use_id = ?');
  return new Set(ids.filter((id) => find.get(id) !== undefined));
}

/** The end of a turn (Stop) or of a subagent (SubagentStop), for the summarizer. */
export interface TurnEndInput {
  eventUid: string;
  sessionRowId: number;
  promptNumber: number;
  agentId: string | null;
  lastAssistantMessage: string;
  at: number;
}

/** Stores a turn end. */
export function insertTurnEnd(db: Db, input: TurnEndInput): void {
  const clean = throughDoor(input, { text: ['lastAssistantMessage'] });
  stmt(
    db,
    `INSERT INTO turns (event_uid, session_id, prompt_number, agent_id,
       last_assistant_message, created_at)
     VALUES (@eventUid, @sessionRowId, @promptNumber, @agentId, @lastAssistantMessage, @at)
     ON CONFLICT DO NOTHING`,
  ).run(clean);
}

/** Filters shared by the event and prompt listings. */
export interface CapturedFilter {
  project?: string | undefined;
  sessionId?: string | undefined;
  state?: string | undefined;
}

const EVENT_COLUMNS = `e.id, s.session_id, e.project, e.prompt_number, e.agent_id, e.tool_name,
  e.tool_use_id, e.tool_input, e.tool_response, e.error, e.failed, e.duration_ms, e.state,
  e.attempts, e.reason, e.created_at`;

/** Captured tool events, newest first. */
export function listEvents(db: Db, filter: CapturedFilter, page: Page): unknown[] {
  return stmt(
    db,
    `SELECT ${EVENT_COLUMNS} FROM events e JOIN sessions s ON s.id = e.session_id
     WHERE (@project IS NULL OR e.project = @project)
       AND (@sessionId IS NULL OR s.session_id = @sessionId)
       AND (@state IS NULL OR e.state = @state)
     ORDER BY e.id DESC LIMIT @limit OFFSET @offset`,
  ).all({ ...nulls(filter), ...page });
}

/** Stored prompts, newest first. */
export function listPrompts(db: Db, filter: CapturedFilter, page: Page): unknown[] {
  return stmt(
    db,
    `SELECT p.id, s.session_id, p.project, p.prompt_number, p.text, p.created_at
     FROM prompts p JOIN sessions s ON s.id = p.session_id
     WHERE (@project IS NULL OR p.project = @project)
       AND (@sessionId IS NULL OR s.session_id = @sessionId)
     ORDER BY p.id DESC LIMIT @limit OFFSET @offset`,
  ).all({ ...nulls(filter), ...page });
}

function nulls(filter: CapturedFilter): Record<string, string | null> {
  return {
    project: filter.project ?? null,
    sessionId: filter.sessionId ?? null,
    state: filter.state ?? null,
  };
}

/** Counts of events per state, for health and status. */
export function countEventStates(db: Db): Record<string, number> {
  return countStates(db, 'events');
}

/** Counts of the rows of `table` per state. */
export function countStates(db: Db, table: 'events' | 'turns'): Record<string, number> {
  const rows = stmt(db, `SELECT state, COUNT(*) AS n FROM ${table} GROUP BY state`).all() as Array<{
    state: string;
    n: number;
  }>;
  return Object.fromEntries(rows.map((row) => [row.state, row.n]));
}
