import { z } from 'zod';
import { AGENTS, OBSERVATION_TYPES, SCOPES, SCOPE_MEANINGS } from '../domain/index.ts';

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

const SCOPE = z.enum(SCOPES, {
  error: `scope: expected ${SCOPES.map((scope) => `"${scope}" (${SCOPE_MEANINGS[scope]})`).join(' or ')}`,
});

/** Inputs of `search`. */
export const SearchInputSchema = z.object({
  query: z
    .string()
    .max(1000)
    .default('')
    .describe('Words to look for. "quoted phrase" and prefix* work; empty lists the newest.'),
  queries: z
    .array(z.string().min(1).max(1000))
    .max(4)
    .optional()
    .describe(
      'Other phrasings of the same need (2-4 in all with query): the identifier, the symptom, ' +
        'the error text. Each is searched; the rankings are fused.',
    ),
  project: z.string().min(1).max(500).optional().describe('Project name; default: this project.'),
  all_projects: z.boolean().default(false).describe('Search every project instead.'),
  type: z
    .array(z.enum(OBSERVATION_TYPES))
    .max(OBSERVATION_TYPES.length)
    .optional()
    .describe('Only these observation types.'),
  concept: z.array(z.string().min(1).max(100)).max(10).optional().describe('Only these concepts.'),
  file: z
    .string()
    .min(1)
    .max(4096)
    .optional()
    .describe('Only observations that read or modified this file (absolute or relative path).'),
  since: z.string().max(64).optional().describe('From this date (2025-01-31) or age (7d, 12h).'),
  until: z.string().max(64).optional().describe('Up to this date or age.'),
  session_id: z.string().min(1).max(256).optional().describe('Only this Claude Code session.'),
  author: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe('Only memories of this teammate (team memory); "me" for your own.'),
  scope: SCOPE.optional().describe('Only private memories, or only team (shared) ones.'),
  agent: z.enum(AGENTS).optional().describe('Only memories made by this coding agent.'),
  fresh: z
    .boolean()
    .default(false)
    .describe('Leave out memories whose code changed or is gone since they were made.'),
  allTime: z
    .boolean()
    .default(false)
    .describe(
      'Rank every match however old. Without it a query of common words only is ranked among its newest matches, and the answer says so.',
    ),
  limit: z.number().int().min(1).max(50).default(10),
  offset: z.number().int().min(0).max(10_000).default(0),
});

/** Inputs of `timeline`. */
export const TimelineInputSchema = z.object({
  anchor: z
    .union([id, z.string().regex(/^[#sSpP]?\d{1,15}$/)])
    .optional()
    .describe('Observation id from search (123), or S<id> for a summary, P<id> for a prompt.'),
  query: z
    .string()
    .min(1)
    .max(1000)
    .optional()
    .describe('Instead of an anchor: center on the best match of these words.'),
  before: z.number().int().min(0).max(30).default(5).describe('Items before the anchor.'),
  after: z.number().int().min(0).max(30).default(5).describe('Items after the anchor.'),
  project: z.string().min(1).max(500).optional(),
});

/** Inputs of `get_observations`. */
export const GetObservationsInputSchema = z.object({
  ids: z.array(id).min(1).max(50).describe('Observation ids from search or timeline.'),
});

/** Inputs of `save_memory`. */
export const SaveMemoryInputSchema = z.object({
  title: z.string().trim().min(1).max(200).describe('One line that will show in the index.'),
  text: z.string().trim().min(1).max(10_000).describe('What to remember, self-contained.'),
  project: z.string().min(1).max(500).optional().describe('Default: this project.'),
  type: z.enum(OBSERVATION_TYPES).default('discovery'),
  concepts: z.array(z.string().min(1).max(100)).max(20).optional(),
  files: z.array(z.string().min(1).max(4096)).max(50).optional(),
  pinned: z.boolean().default(false).describe('Always list it first at session start.'),
  scope: SCOPE.default('private').describe(
    'private (default): this machine only; team: shared with the team when team sync is connected.',
  ),
});

/** Inputs of `forget`. */
export const ForgetInputSchema = z.object({
  ids: z.array(id).min(1).max(100).describe('Observation ids to delete for good.'),
});

/** Inputs of `confirm_memory`. */
export const ConfirmMemoryInputSchema = z.object({
  id: z
    .number({ error: 'id: expected an observation id, a whole number from search or timeline' })
    .int({ error: 'id: expected a whole number (an observation id such as 12)' })
    .min(1, { error: 'id: expected an observation id of 1 or more' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'id: expected an observation id, this is too large' })
    .describe('The observation id (from search, timeline or the session-start index).'),
});

export type SearchArgs = z.infer<typeof SearchInputSchema>;
export type TimelineArgs = z.infer<typeof TimelineInputSchema>;
export type GetObservationsArgs = z.infer<typeof GetObservationsInputSchema>;
export type SaveMemoryArgs = z.infer<typeof SaveMemoryInputSchema>;
export type ForgetArgs = z.infer<typeof ForgetInputSchema>;
export type ConfirmMemoryArgs = z.infer<typeof ConfirmMemoryInputSchema>;
