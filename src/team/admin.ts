import type pg from 'pg';
import { migrateServer, teamRole } from './server-schema.ts';

/** A name quoted for SQL, as PostgreSQL's quote_ident does (role names come from the command line). */
function escapeIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Makes `team` exist in a migrated database: its group role (NOLOGIN) and its row in
 * `claude_mem.teams`. The group holds no privilege (members reach the rows only through the
 * schema's functions, which check `session_user`), so `SET ROLE` to it gains nothing.
 * Idempotent.
 */
async function ensureTeam(client: pg.ClientBase, team: string): Promise<void> {
  const role = teamRole(team);
  const quoted = escapeIdentifier(role);
  const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  if (exists.rowCount === 0) await client.query(`CREATE ROLE ${quoted} NOLOGIN`);
  await client.query(
    'INSERT INTO claude_mem.teams (name, role) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
    [team, role],
  );
}

/** `team init`: applies the server migrations and creates the team. Returns versions applied. */
export async function initTeam(client: pg.ClientBase, team: string): Promise<number[]> {
  const applied = await migrateServer(client);
  await ensureTeam(client, team);
  return applied;
}

async function checkRole(client: pg.ClientBase, role: string): Promise<void> {
  const found = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  if (found.rowCount === 0) {
    throw new Error(
      `no PostgreSQL role "${role}" in this server: create it first (CREATE ROLE ${escapeIdentifier(role)} LOGIN PASSWORD '...')`,
    );
  }
  const team = await client.query("SELECT to_regclass('claude_mem.teams') AS t");
  if ((team.rows[0] as { t: string | null }).t === null) {
    throw new Error(
      'this database has no team schema: run "claude-mem team init <admin-url>" first',
    );
  }
}

/**
 * `team add-member`: grants the existing role `member` the team's group role, so that the
 * schema's functions let it read the team's rows and write its own. Brings an older schema up
 * to date first. Idempotent.
 */
export async function addMember(
  client: pg.ClientBase,
  team: string,
  member: string,
): Promise<void> {
  await checkRole(client, member);
  await migrateServer(client);
  await ensureTeam(client, team);
  await client.query(`GRANT ${escapeIdentifier(teamRole(team))} TO ${escapeIdentifier(member)}`);
}

/** `team remove-member`: revokes the group role; the member reads nothing of the team more. */
export async function removeMember(
  client: pg.ClientBase,
  team: string,
  member: string,
): Promise<void> {
  await checkRole(client, member);
  await client.query(`REVOKE ${escapeIdentifier(teamRole(team))} FROM ${escapeIdentifier(member)}`);
}
