/**
 * The kinds of observation the compressor produces (seed documents' format). A new type is one
 * line here: the prompts, the MCP and HTTP schemas, `search --type`, the row door and the
 * viewer's type menu and charts all read this list.
 */
export const OBSERVATION_TYPES = [
  'bugfix',
  'feature',
  'refactor',
  'change',
  'discovery',
  'decision',
  // A failed attempt and what worked instead (issue 34): warned about before the same command.
  'dead-end',
] as const;

/** One of OBSERVATION_TYPES. */
export type ObservationType = (typeof OBSERVATION_TYPES)[number];
