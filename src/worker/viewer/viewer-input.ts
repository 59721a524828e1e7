import { z } from 'zod';
import { AGENTS, OBSERVATION_TYPES } from '../../domain/index.ts';
import { FEED_KINDS, type FeedCursor } from '../../store/index.ts';
import { AuthorSchema, ScopeSchema } from '../recall/recall-input.ts';
import { csvList } from '../input.ts';

const csvOf = <T extends readonly [string, ...string[]]>(values: T) =>
  csvList(500).pipe(z.array(z.enum(values)).min(1));

/** `1700000000000.2.41`: created_at, kind rank and id of the last item of the previous page. */
const cursor = z
  .string()
  .regex(/^\d{1,15}\.\d\.\d{1,15}$/, 'expected the `next` value of the previous page')
  .transform((text): FeedCursor => {
    const [at, rank, id] = text.split('.').map(Number);
    return { at: at ?? 0, rank: rank ?? 0, id: id ?? 0 };
  });

/** GET /api/feed, /api/observations, /api/summaries. */
export const FeedQuerySchema = z.object({
  project: z.string().min(1).max(500).optional(),
  type: csvOf(OBSERVATION_TYPES).optional(),
  kind: csvOf(FEED_KINDS).optional(),
  agent: z.enum(AGENTS).optional(),
  before: cursor.optional(),
  /** Team memory: a teammate's name or `me`, and `private` or `team`. */
  author: AuthorSchema.optional(),
  scope: ScopeSchema.optional(),
  /** Just these observations, in this order (the viewer's search results). */
  ids: z
    .string()
    .regex(/^\d{1,15}(?:,\d{1,15}){0,99}$/, 'expected up to 100 comma-separated ids')
    .transform((text) => text.split(',').map(Number))
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

/** A page's `next`, as FeedQuerySchema's `before` reads it. */
export const encodeCursor = (c: FeedCursor | null): string | null =>
  c === null ? null : `${c.at}.${c.rank}.${c.id}`;

/** PATCH /api/observations/:id: any of title, narrative, facts. */
export const ObservationPatchSchema = z
  .looseObject({
    title: z.string().trim().min(1, 'title: must not be empty').max(200).optional(),
    narrative: z.string().max(20_000).optional(),
    facts: z.array(z.string().trim().min(1).max(1_000)).max(50).optional(),
  })
  .refine((p) => p.title !== undefined || p.narrative !== undefined || p.facts !== undefined, {
    message: 'give title, narrative or facts',
    path: ['title'],
  });

/** POST /api/observations/:id/pin. */
export const PinBodySchema = z.looseObject({ pinned: z.boolean().default(true) });

/** POST /api/observations/:id/share and /api/summaries/:id/share. */
export const ShareBodySchema = z.looseObject({ scope: ScopeSchema.default('team') });

/** PUT /api/settings: `{values: {"context.maxTokens": 1200, ...}}`. */
export const SettingsBodySchema = z.looseObject({
  values: z.record(z.string().max(200), z.unknown()),
});

/** GET /api/logs. */
export const LogsQuerySchema = z.object({
  lines: z.coerce.number().int().min(1).max(2_000).default(200),
});

/** GET /api/failed-events. */
export const FailedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

/** GET /api/viewer/context-preview: a project and, optionally, unsaved context settings. */
export const PreviewQuerySchema = z.object({
  project: z.string().min(1).max(500),
  maxTokens: z.string().max(20).optional(),
  maxObservations: z.string().max(20).optional(),
});
