/** Why SessionStart fires (Claude Code's `source`): `context --source` and the context route. */
export const SESSION_SOURCES = ['startup', 'resume', 'clear', 'compact'] as const;

/** One of {@link SESSION_SOURCES}. */
export type SessionSource = (typeof SESSION_SOURCES)[number];
