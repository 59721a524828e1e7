import { insertSql } from '../row-mapper.ts';
import { captureValues, type StoredSession } from './capture-columns.ts';
import { stmt, type Page, type Db } from '../statements.ts';

/** What capture knows about a session when an event of it arrives. */
export interface SessionInput {
  sessionId: string;
  project: string;
  projectRoot: string;
  cwd: string;
  transcriptPath?: string | undefined;
  source?: string | undefined;
  at: number;
}

/** A session row as the API returns it: its stored columns (capture-columns.ts) but three. */
export interface SessionRow extends Omit<
  StoredSession,
  'git_branch' | 'transcript_path' | 'compacted_at'
> {
  id: number;
}

/**
 * Creates the session on first sight of its `session_id`, else touches it. Returns its row id
 * and prompt counter. A session seen again after it ended (a resume) becomes active again.
 */
export function upsertSession(db: Db, input: SessionInput): { id: number; promptCount: number } {
  const values = captureValues('sessions', {
    ...input,
    transcriptPath: input.transcriptPath ?? null,
    source: input.source ?? null,
    started_at: input.at,
    updated_at: input.at,
  });
  const row = stmt(
    db,
    insertSql(
      'sessions',
      values,
      `ON CONFLICT (session_id) DO UPDATE SET
       updated_at = MAX(updated_at, excluded.updated_at),
       transcript_path = COALESCE(excluded.transcript_path, transcript_path),
       source = COALESCE(excluded.source, source)
     RETURNING id, prompt_count AS promptCount`,
    ),
  ).get(values);
  return row as { id: number; promptCount: number };
}

/** Starts the next turn: prompt counter + 1; the first visible prompt becomes the title. */
export function nextPrompt(db: Db, id: number, title: string | null): number {
  const row = stmt(
    db,
    `UPDATE sessions SET prompt_count = prompt_count + 1, status = 'active', ended_at = NULL,
       title = COALESCE(title, @title)
     WHERE id = @id RETURNING prompt_count AS promptCount`,
  ).get({ id, ...captureValues('sessions', { title }) }) as { promptCount: number };
  return row.promptCount;
}

/** Marks the session completed (SessionEnd). Pending compression still finishes afterwards. */
export function endSession(db: Db, id: number, reason: string, at: number): void {
  stmt(
    db,
    `UPDATE sessions SET status = 'completed', ended_at = @at, end_reason = @reason,
       updated_at = MAX(updated_at, @at) WHERE id = @id`,
  ).run({ id, reason, at });
}

/** Records that Claude Code is about to compact the session's context (PreCompact). */
export function markCompacted(db: Db, id: number, at: number): void {
  stmt(db, 'UPDATE sessions SET compacted_at = @at WHERE id = @id').run({ id, at });
}

/** Sessions, newest first, optionally of one project. */
export function listSessions(db: Db, project: string | undefined, page: Page): SessionRow[] {
  return stmt(
    db,
    `SELECT id, session_id, project, project_root, cwd, source, status, prompt_count, title,
       started_at, updated_at, ended_at, end_reason
     FROM sessions WHERE (@project IS NULL OR project = @project)
     ORDER BY started_at DESC, id DESC LIMIT @limit OFFSET @offset`,
  ).all({ project: project ?? null, ...page }) as SessionRow[];
}
