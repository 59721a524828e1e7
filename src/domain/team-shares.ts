/** What compression shares with the team on its own: nothing, turn summaries, or everything. */
export const TEAM_SHARES = ['off', 'summaries', 'all'] as const;

/** One of {@link TEAM_SHARES}. */
export type TeamShare = (typeof TEAM_SHARES)[number];
