import { TEAM_SHARES } from '../../domain/index.ts';
import { oneOf, type SettingSpec } from '../setting-kinds.ts';

/** The local half of team memory: `team.share` (team-sync owns the connection's settings). */
export const TEAM_SHARE_SETTINGS = {
  'team.share': oneOf({
    default: 'off',
    values: TEAM_SHARES,
    description:
      'What compression shares with the team on its own: off (nothing; share one memory with "claude-mem share ID"), summaries (turn summaries), all (summaries and observations). A project\'s .claude-mem.json may override it: {"team": {"share": "all"}}. Read at each compression, no restart needed.',
  }),
} as const satisfies Record<string, SettingSpec<unknown>>;
