import { oneOf, type SettingSpec } from '../setting-kinds.ts';

/** What compression shares with the team on its own: nothing, turn summaries, or everything. */
export const TEAM_SHARES = ['off', 'summaries', 'all'] as const;

/** One of {@link TEAM_SHARES}. */
export type TeamShare = (typeof TEAM_SHARES)[number];

/** The local half of team memory: `team.share` (team-sync owns the connection's settings). */
export const TEAM_SHARE_SETTINGS = {
  'team.share': oneOf({
    default: 'off',
    values: TEAM_SHARES,
    description:
      'What compression shares with the team on its own: off (nothing; share one memory with "claude-mem share ID"), summaries (turn summaries), all (summaries and observations). A project\'s .claude-mem.json may override it: {"team": {"share": "all"}}. Read at each compression, no restart needed.',
  }),
} as const satisfies Record<string, SettingSpec<unknown>>;
