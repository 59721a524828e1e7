import type pg from 'pg';
import { teamRole } from './server-schema.ts';

/** A member of a team and when the server last saw it push and pull (null: never). */
export interface MemberActivity {
  role: string;
  lastPushAt: number | null;
  lastPullAt: number | null;
}

const MEMBERS = `
SELECT r.rolname AS role, a.last_push_at, a.last_pull_at
FROM pg_auth_members m
JOIN pg_roles g ON g.oid = m.roleid
JOIN pg_roles r ON r.oid = m.member
LEFT JOIN claude_mem.member_activity a ON a.team = $1 AND a.role = r.rolname
WHERE g.rolname = $2
ORDER BY r.rolname`;

/**
 * `team members` (admin): every role granted the team's group role, with its last push and pull
 * as the schema's functions recorded them, so an admin sees who is stuck.
 */
export async function listMembers(client: pg.ClientBase, team: string): Promise<MemberActivity[]> {
  const { rows } = await client.query<{
    role: string;
    last_push_at: Date | null;
    last_pull_at: Date | null;
  }>(MEMBERS, [team, teamRole(team)]);
  return rows.map((row) => ({
    role: row.role,
    lastPushAt: row.last_push_at?.getTime() ?? null,
    lastPullAt: row.last_pull_at?.getTime() ?? null,
  }));
}
