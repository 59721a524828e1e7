import type { SummaryBody } from '../../domain/index.ts';
import { throughDoor } from '../privacy-door.ts';
import { stmt, type Db } from '../statements.ts';
import type { Scope } from '../team/team-scope.ts';

/** A turn's summary to store. */
export interface SummaryInput extends SummaryBody {
  sessionRowId: number;
  project: string;
  promptNumber: number;
  filesRead: string[];
  filesModified: string[];
  provider: string;
  model: string | null;
  tokensIn: number;
  tokensOut: number;
  at: number;
  /** Scope of a new summary (default private); a summary written again keeps the one it has. */
  scope?: Scope | undefined;
}

/** Stores the summary of a turn; a turn summarized again (after a retry) keeps the newest. */
export function upsertSummary(db: Db, summary: SummaryInput): number {
  const input = throughDoor(summary, {
    text: ['request', 'investigated', 'learned', 'completed', 'nextSteps', 'notes'],
  });
  const row = stmt(
    db,
    `INSERT INTO summaries (session_id, project, prompt_number, request, investigated, learned,
       completed, next_steps, notes, files_read, files_modified, provider, model, tokens_in,
       tokens_out, created_at, scope)
     VALUES (@sessionRowId, @project, @promptNumber, @request, @investigated, @learned, @completed,
       @nextSteps, @notes, @filesRead, @filesModified, @provider, @model, @tokensIn, @tokensOut, @at,
       @scope)
     ON CONFLICT (session_id, prompt_number) DO UPDATE SET
       request = excluded.request, investigated = excluded.investigated,
       learned = excluded.learned, completed = excluded.completed,
       next_steps = excluded.next_steps, notes = excluded.notes,
       files_read = excluded.files_read, files_modified = excluded.files_modified,
       provider = excluded.provider, model = excluded.model, tokens_in = excluded.tokens_in,
       tokens_out = excluded.tokens_out, created_at = excluded.created_at
     RETURNING id`,
  ).get({
    ...input,
    filesRead: JSON.stringify(input.filesRead),
    filesModified: JSON.stringify(input.filesModified),
    scope: input.scope ?? 'private',
  }) as { id: number };
  return row.id;
}
