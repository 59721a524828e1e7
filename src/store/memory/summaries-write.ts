import type { SummaryBody } from '../../domain/index.ts';
import { stmt, type Db } from '../statements.ts';
import { insertSql } from '../row-mapper.ts';
import { contentValues } from './memory-columns.ts';
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
  const content = contentValues('summary', summary);
  const values = {
    ...content,
    session_id: summary.sessionRowId,
    project: summary.project,
    provider: summary.provider,
    model: summary.model,
    tokens_in: summary.tokensIn,
    tokens_out: summary.tokensOut,
    created_at: summary.at,
    scope: summary.scope ?? 'private',
  };
  // Written again: the newest content and spend; its turn, session and scope stay.
  const again = [
    ...Object.keys(content),
    'provider',
    'model',
    'tokens_in',
    'tokens_out',
    'created_at',
  ]
    .filter((column) => column !== 'prompt_number')
    .map((column) => `${column} = excluded.${column}`);
  const row = stmt(
    db,
    insertSql(
      'summaries',
      values,
      `ON CONFLICT (session_id, prompt_number) DO UPDATE SET ${again.join(', ')} RETURNING id`,
    ),
  ).get(values) as { id: number };
  return row.id;
}
