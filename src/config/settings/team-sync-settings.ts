import { integer, text, type SettingSpec } from '../setting-kinds.ts';

/**
 * Settings of team sync with PostgreSQL: `team.url`, `team.name`, `team.syncEveryMs`. The URL
 * never holds a password (`team connect` moves one given in the URL to a 0600 file beside the
 * settings); libpq's `PG*` variables and `~/.pgpass` work too.
 */
export const TEAM_SYNC_SETTINGS = {
  'team.url': text({
    default: '',
    pattern: /^$|^postgres(?:ql)?:\/\/(?:[^:@/]+@)?[^@\s]+$/,
    expected:
      'a postgres:// URL without a password (e.g. postgres://alice@db.example.com/team?sslmode=require), or "" for no team',
    description:
      'The team PostgreSQL database the worker syncs shared memory with; set by "claude-mem team connect", "" (default): no team. TLS when the URL says sslmode=require (or verify-ca, verify-full).',
  }),
  'team.name': text({
    default: 'default',
    pattern: /^[a-z0-9_]{1,40}$/,
    expected: '1 to 40 lowercase letters, digits or _',
    description: 'The team this machine syncs with in that database (team connect --team NAME).',
  }),
  'team.syncEveryMs': integer({
    default: 5000,
    min: 200,
    max: 3_600_000,
    description:
      "How often the worker pushes the shared rows queued in the outbox and pulls teammates' rows.",
  }),
} as const satisfies Record<string, SettingSpec<unknown>>;
