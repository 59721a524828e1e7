/** The kinds of observation the compressor produces (seed documents' format). */
export const OBSERVATION_TYPES = [
  'bugfix',
  'feature',
  'refactor',
  'change',
  'discovery',
  'decision',
] as const;

/** One of OBSERVATION_TYPES. */
export type ObservationType = (typeof OBSERVATION_TYPES)[number];
