import { z } from 'zod';
import type { ForgetSelection, ImportRecord } from '../../store/index.ts';

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const time = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A stored time as exported: whole ms, though a row may hold a fraction (rounded here). */
const storedTime = z.number().min(0).max(Number.MAX_SAFE_INTEGER).transform(Math.round);
const text = z.string().max(1_000_000);
const nullableText = text.nullable().default(null);
const list = z.array(z.string().max(100_000)).max(10_000).default([]);
const count = z.number().int().min(0).default(0);

/** POST /api/admin/forget: ids, or a scope (project and/or time range); never both, never none. */
export const ForgetBodySchema = z
  .looseObject({
    observations: z.array(id).max(10_000).default([]),
    summaries: z.array(id).max(10_000).default([]),
    prompts: z.array(id).max(10_000).default([]),
    project: z.string().min(1).max(500).optional(),
    since: time.optional(),
    until: time.optional(),
    dry_run: z.boolean().default(false),
  })
  .refine(
    (b) => b.observations.length + b.summaries.length + b.prompts.length > 0 !== hasScope(b),
    { message: 'give ids or a scope (project, since, until), not both', path: ['observations'] },
  );

function hasScope(b: { project?: string; since?: number; until?: number }): boolean {
  return b.project !== undefined || b.since !== undefined || b.until !== undefined;
}

/** The store's selection for a validated forget body. */
export function selectionOf(body: z.infer<typeof ForgetBodySchema>): ForgetSelection {
  return hasScope(body)
    ? { kind: 'scope', project: body.project, since: body.since, until: body.until }
    : {
        kind: 'ids',
        observations: body.observations,
        summaries: body.summaries,
        prompts: body.prompts,
      };
}

/** POST /api/admin/purge. */
export const PurgeBodySchema = z.looseObject({
  project: z.string().min(1).max(500),
  dry_run: z.boolean().default(false),
});

/** POST /api/retention/run. */
export const RetentionBodySchema = z.looseObject({ dry_run: z.boolean().default(false) });

/** GET /api/admin/export. */
export const ExportQuerySchema = z.object({
  project: z.string().min(1).max(500).optional(),
  since: z.coerce.number().int().min(0).optional(),
  format: z.enum(['json', 'jsonl']).default('jsonl'),
});

const SessionRecordSchema = z.looseObject({
  kind: z.literal('session'),
  session_id: z.string().min(1).max(256),
  project: z.string().min(1).max(500),
  project_root: text,
  cwd: text,
  git_branch: nullableText,
  transcript_path: nullableText,
  source: nullableText,
  status: z.enum(['active', 'completed', 'failed']).default('completed'),
  prompt_count: count,
  title: nullableText,
  started_at: storedTime,
  updated_at: storedTime,
  ended_at: storedTime.nullable().default(null),
  end_reason: nullableText,
  compacted_at: storedTime.nullable().default(null),
});

const PromptRecordSchema = z.looseObject({
  kind: z.literal('prompt'),
  id: id.nullable().default(null),
  event_uid: z.string().min(1).max(500).nullable().default(null),
  session_id: z.string().min(1).max(256),
  project: z.string().min(1).max(500),
  prompt_number: count,
  text,
  created_at: storedTime,
});

const provenance = {
  provider: z.string().min(1).max(100).default('import'),
  model: z.string().max(200).nullable().default(null),
  tokens_in: count,
  tokens_out: count,
};

const ObservationRecordSchema = z.looseObject({
  kind: z.literal('observation'),
  id: id.nullable().default(null),
  session_id: z.string().min(1).max(256).nullable().default(null),
  project: z.string().min(1).max(500),
  prompt_number: z.number().int().min(0).nullable().default(null),
  type: z.string().min(1).max(50),
  title: z.string().min(1).max(10_000),
  subtitle: text.default(''),
  narrative: text.default(''),
  facts: list,
  concepts: list,
  files_read: list,
  files_modified: list,
  source_event_uids: list,
  search_keys: z.string().max(10_000).default(''),
  ...provenance,
  content_hash: z.string().min(1).max(200),
  pinned: z.boolean().default(false),
  created_at: storedTime,
  updated_at: storedTime,
});

const SummaryRecordSchema = z.looseObject({
  kind: z.literal('summary'),
  id: id.nullable().default(null),
  session_id: z.string().min(1).max(256),
  project: z.string().min(1).max(500),
  prompt_number: count,
  request: text.default(''),
  investigated: text.default(''),
  learned: text.default(''),
  completed: text.default(''),
  next_steps: text.default(''),
  notes: text.default(''),
  files_read: list,
  files_modified: list,
  ...provenance,
  created_at: storedTime,
});

/** POST /api/admin/import: records of an export, sessions before what names them. */
export const ImportBodySchema = z.looseObject({
  records: z
    .array(
      z.discriminatedUnion('kind', [
        SessionRecordSchema,
        PromptRecordSchema,
        ObservationRecordSchema,
        SummaryRecordSchema,
      ]),
    )
    .max(5_000),
});

/** The records of a validated import body, typed for the store. */
export const importRecordsOf = (body: z.infer<typeof ImportBodySchema>): ImportRecord[] =>
  body.records satisfies ImportRecord[];

/** POST /api/admin/backfill/sessions: which of these sessions are known, and how. */
export const BackfillSessionsBodySchema = z.looseObject({
  sessions: z
    .array(
      z.object({
        session_id: z.string().min(1).max(256),
        start_uid: z.string().min(1).max(200).optional(),
      }),
    )
    .max(100_000),
});

/** POST /api/admin/backfill/events: spool events (checked one by one as the spool reader does). */
export const BackfillEventsBodySchema = z.looseObject({
  events: z.array(z.unknown()).min(1).max(50_000),
});
