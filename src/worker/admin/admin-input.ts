import { z } from 'zod';
import {
  soundList,
  soundTime,
  type ForgetSelection,
  type ImportRecord,
} from '../../store/index.ts';

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const time = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/**
 * A stored time as exported, made sane by the row door (whole ms, not past an hour from now):
 * an export may hold a teammate's far-future time pulled before the door (issue 30).
 */
const storedTime = z.unknown().transform((value) => soundTime(value, Date.now()));
const nullableTime = z
  .unknown()
  .transform((value) =>
    value === null || value === undefined ? null : soundTime(value, Date.now()),
  );
const text = z.string().max(1_000_000);
const nullableText = text.nullable().default(null);
const count = z.number().int().min(0).default(0);
const sessionKey = z.string().min(1).max(256);
const projectName = z.string().min(1).max(500);

/** POST /api/admin/forget: ids, or a scope (project and/or time range); never both, never none. */
export const ForgetBodySchema = z
  .looseObject({
    observations: z.array(id).max(10_000).default([]),
    summaries: z.array(id).max(10_000).default([]),
    prompts: z.array(id).max(10_000).default([]),
    project: projectName.optional(),
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
  project: projectName,
  dry_run: z.boolean().default(false),
});

/** POST /api/retention/run. */
export const RetentionBodySchema = z.looseObject({ dry_run: z.boolean().default(false) });

/** GET /api/admin/export. */
export const ExportQuerySchema = z.object({
  project: projectName.optional(),
  since: z.coerce.number().int().min(0).optional(),
  format: z.enum(['json', 'jsonl']).default('jsonl'),
});

const SessionRecordSchema = z.looseObject({
  kind: z.literal('session'),
  session_id: sessionKey,
  project: projectName,
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
  ended_at: nullableTime,
  end_reason: nullableText,
  compacted_at: nullableTime,
});

/** A record of what a session holds: its kind and its id in the export (or null), then `fields`. */
function heldRecord<K extends string, F extends z.ZodRawShape>(kind: K, fields: F) {
  return z.looseObject({ kind: z.literal(kind), id: id.nullable().default(null), ...fields });
}

const PromptRecordSchema = heldRecord('prompt', {
  event_uid: z.string().min(1).max(500).nullable().default(null),
  session_id: sessionKey,
  project: projectName,
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

// An observation's and a summary's content (type, title, texts, lists, prompt number) is not
// checked here: whatever an export holds is made sound by the row door as it is stored, so an
// import takes every row a sync took (issue 30).
const ObservationRecordSchema = heldRecord('observation', {
  session_id: sessionKey.nullable().default(null),
  project: projectName,
  source_event_uids: z.unknown().transform(soundList),
  ...provenance,
  content_hash: z.string().min(1).max(200),
  pinned: z.boolean().default(false),
  created_at: storedTime,
  updated_at: storedTime,
});

const SummaryRecordSchema = heldRecord('summary', {
  session_id: sessionKey,
  project: projectName,
  ...provenance,
  created_at: storedTime,
});

const ImportRecordSchema = z.discriminatedUnion('kind', [
  SessionRecordSchema,
  PromptRecordSchema,
  ObservationRecordSchema,
  SummaryRecordSchema,
]);

/** POST /api/admin/import: records of an export, sessions before what names them. */
export const ImportBodySchema = z.looseObject({ records: z.array(z.unknown()).max(5_000) });

/**
 * The records of an import body, typed for the store, and those that are not records we know
 * (each with its reason, to be set aside: one odd record never refuses the batch).
 */
export function importRecordsOf(body: z.infer<typeof ImportBodySchema>): {
  records: ImportRecord[];
  unsound: { record: unknown; reason: string }[];
} {
  const records: ImportRecord[] = [];
  const unsound: { record: unknown; reason: string }[] = [];
  for (const record of body.records) {
    const parsed = ImportRecordSchema.safeParse(record);
    if (parsed.success) records.push(parsed.data satisfies ImportRecord);
    else unsound.push({ record, reason: describeIssue(parsed.error.issues[0]) });
  }
  return { records, unsound };
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'not a record of an export';
  const field = issue.path.length > 0 ? issue.path.join('.') : 'record';
  return `${field}: ${issue.message}`;
}

/** POST /api/admin/backfill/sessions: which of these sessions are known, and how. */
export const BackfillSessionsBodySchema = z.looseObject({
  sessions: z
    .array(
      z.object({
        session_id: sessionKey,
        start_uid: z.string().min(1).max(200).optional(),
      }),
    )
    .max(100_000),
});

/** POST /api/admin/backfill/events: spool events (checked one by one as the spool reader does). */
export const BackfillEventsBodySchema = z.looseObject({
  events: z.array(z.unknown()).min(1).max(50_000),
});
