import { z } from 'zod';
import { MAX_QUERY_CHARS, SearchInputError } from '../../search/index.ts';
import { AGENTS, OBSERVATION_TYPES, SCOPES, SEARCH_MODES } from '../../domain/index.ts';
import { AppError } from '../errors.ts';
import { csvList } from '../input.ts';

/** `a,b , c` -> `['a', 'b', 'c']`. */
const csv = csvList(2000);

const typeList = csv.pipe(z.array(z.enum(OBSERVATION_TYPES)));

/** A teammate's name as pulled, or `me` for this machine's own memories. */
export const AuthorSchema = z.string().trim().min(1).max(200);

/** `private` or `team`, with the choices named when it is neither. */
export const ScopeSchema = z.enum(SCOPES, { error: `expected ${SCOPES.join(' or ')}` });

/**
 * GET /api/search. Numbers arrive as strings; list filters as comma-separated text. `q` may
 * repeat (several phrasings); this schema sees its last value, the route reads them all.
 */
export const SearchQuerySchema = z.object({
  q: z
    .string()
    .max(MAX_QUERY_CHARS * 2)
    .default(''),
  project: z.string().min(1).max(500).optional(),
  type: typeList.optional(),
  concept: csv.optional(),
  file: z.string().min(1).max(4096).optional(),
  since: z.string().max(64).optional(),
  until: z.string().max(64).optional(),
  session_id: z.string().min(1).max(256).optional(),
  author: AuthorSchema.optional(),
  scope: ScopeSchema.optional(),
  agent: z.enum(AGENTS).optional(),
  mode: z.enum(SEARCH_MODES).optional(),
  /** Only memories whose code is not known to have changed or gone (anchors). */
  fresh: z
    .enum(['1', '0', 'true', 'false'])
    .transform((flag) => flag === '1' || flag === 'true')
    .optional(),
  /** The caller's folder: anchors are checked against its work tree. */
  cwd: z.string().min(1).max(4096).optional(),
  /** Rank every match however old (no window, no horizon): slower in a large memory. */
  all_time: z
    .enum(['1', '0', 'true', 'false'])
    .transform((flag) => flag === '1' || flag === 'true')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

/** GET /api/timeline: around `anchor`, or around the best match of `q`. */
export const TimelineQuerySchema = z
  .object({
    anchor: z.string().max(32).optional(),
    q: z
      .string()
      .max(MAX_QUERY_CHARS * 2)
      .optional(),
    project: z.string().min(1).max(500).optional(),
    before: z.coerce.number().int().min(0).max(50).default(5),
    after: z.coerce.number().int().min(0).max(50).default(5),
  })
  .refine((query) => query.anchor !== undefined || (query.q ?? '').trim() !== '', {
    message: 'give an anchor id or a query (q)',
    path: ['anchor'],
  });

/** GET /api/context (the SessionStart hook's call). `source` is tolerant: unknown -> startup. */
export const ContextQuerySchema = z.object({
  session_id: z.string().max(256).optional(),
  source: z.string().max(32).optional(),
  cwd: z.string().max(4096).optional(),
  project: z.string().min(1).max(500).optional(),
  /** `1` from the SessionStart hook: remember what the session was shown (a preview is not). */
  record: z.enum(['1', '0']).optional(),
  agent: z.enum(AGENTS).optional(),
});

/** An observation id in a path. */
export const IdParamSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

const idList = (max: number) =>
  z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).min(1).max(max);

/** POST /api/observations/batch. */
export const BatchBodySchema = z.looseObject({
  ids: idList(100),
  cwd: z.string().min(1).max(4096).optional(),
});

/** POST /api/observations/forget. */
export const ForgetBodySchema = z.looseObject({ ids: idList(500) });

/** POST /api/memories (MCP save_memory). */
export const MemoryBodySchema = z.looseObject({
  title: z.string().trim().min(1).max(200),
  text: z.string().trim().min(1).max(10_000),
  project: z.string().trim().min(1).max(500).optional(),
  cwd: z.string().min(1).max(4096).optional(),
  type: z.enum(OBSERVATION_TYPES).default('discovery'),
  concepts: z.array(z.string().min(1).max(100)).max(20).default([]),
  files: z.array(z.string().min(1).max(4096)).max(50).default([]),
  pinned: z.boolean().default(false),
  scope: ScopeSchema.default('private'),
  session_id: z.string().min(1).max(256).optional(),
});

/**
 * Runs `fn`, turning a SearchInputError (a bad date, an unknown anchor) and an FTS syntax error
 * (which the query builder should make impossible) into a 400 that names the field.
 */
export function asBadRequest<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw toBadRequest(error);
  }
}

/** The same for a rejected promise's reason. */
export function toBadRequest(error: unknown): unknown {
  if (error instanceof SearchInputError) return new AppError('BAD_REQUEST', error.message);
  const code = (error as { code?: unknown }).code;
  if (code === 'SQLITE_ERROR' && /fts5|MATCH/i.test(String((error as Error).message))) {
    return new AppError('BAD_REQUEST', 'q: this query cannot be searched; try plain words');
  }
  return error;
}

/** Parses a JSON body; a missing or malformed body is a 400, not a 500. */
export async function jsonBody(req: { json(): Promise<unknown> }): Promise<unknown> {
  try {
    return await req.json();
  } catch {
    throw new AppError('BAD_REQUEST', '(body): expected a JSON object');
  }
}
