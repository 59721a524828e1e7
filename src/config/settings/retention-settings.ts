import { integer, oneOf, type SettingSpec } from '../setting-kinds.ts';

/** Settings of retention (maximum age and count per project): `retention.*`. 0 turns one off. */
export const RETENTION_SETTINGS = {
  'retention.maxAgeDays': integer({
    default: 0,
    min: 0,
    max: 36_500,
    description:
      'Delete what was captured or remembered more than this many days ago (pinned observations are kept); 0: keep everything. Applied by the worker once a day and by "claude-mem purge --retention".',
  }),
  'retention.maxPerProject': integer({
    default: 0,
    min: 0,
    max: 10_000_000,
    description:
      'Keep at most this many observations per project, the newest; pinned ones are always kept and not counted. 0: no limit.',
  }),
  'consolidate.onIdle': oneOf({
    default: 'off',
    values: ['off', 'propose', 'apply'] as const,
    description:
      'What the worker does with consolidation (merging near-duplicates, dropping noise) when idle: off; propose (logged, and shown on the viewer\'s consolidation page, nothing changes); apply (applied and journaled; "claude-mem consolidate --undo ID" restores it).',
  }),
} as const satisfies Record<string, SettingSpec<unknown>>;
