import { integer, text, type SettingSpec } from '../setting-kinds.ts';

/**
 * Settings of team sync with PostgreSQL: `team.url`, `team.name`, `team.syncEveryMs`,
 * `team.stallAfterMs`. The URL
 * never holds a password (`team connect` moves one given in the URL to a 0600 file beside the
 * settings); libpq's `PG*` variables and `~/.pgpass` work too.
 */
export const TEAM_SYNC_SETTINGS = {
  'team.url': text({
    default: '',
    // No password in the user part nor as ?password= (node-postgres reads both).
    pattern: /^$|^(?!.*[?&]password=)postgres(?:ql)?:\/\/(?:[^:@/]+@)?[^@\s]+$/i,
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
  'team.stallAfterMs': integer({
    default: 15_000,
    min: 1000,
    max: 600_000,
    description:
      'How long one step of a sync round (connecting, one query) may take: the server cancels a statement after it and a lock wait after half of it, and a round whose step has no answer after it is abandoned and reported as stalled.',
  }),
} as const satisfies Record<string, SettingSpec<unknown>>;
