import type { ClientBase } from 'pg';
import { MEMBER_FUNCTIONS_SQL } from './server-functions.ts';

/**
 * The team database's schema, as numbered migrations (like the local ones), applied by
 * `team init` with an admin role. Everything lives in the schema `claude_mem`.
 *
 * One table holds every shared memory: its global id (the UUID the local row got when first
 * shared), team, team project (normalized git remote), kind, author (the PostgreSQL role that
 * pushed it, `current_user`, never given by the client), version, a tombstone flag and the
 * content as JSON. `seq` is taken from one sequence on every insert and update, so a pull is
 * `WHERE seq > cursor`; pushers hold a per-project lock from before the sequence is read until
 * commit, so within a project rows commit in `seq` order and no reader's cursor passes a row
 * still to commit.
 *
 * Access is decided by PostgreSQL, not by our code. Since migration 2 (server-functions.ts) a
 * member (a login role granted the team's NOLOGIN group role) holds no table privilege: it calls
 * `claude_mem.push` and `claude_mem.pull`, which the schema owner defines, and which check
 * `session_user` and write `author = session_user`. No one deletes: a forget is a tombstone.
 */
export const SERVER_MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'memories',
    sql: `
CREATE TABLE claude_mem.teams (
  name text PRIMARY KEY,
  role name NOT NULL UNIQUE
);
CREATE SEQUENCE claude_mem.change_seq;
CREATE TABLE claude_mem.memories (
  global_id uuid PRIMARY KEY,
  team text NOT NULL REFERENCES claude_mem.teams (name),
  project text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('observation', 'summary')),
  author name NOT NULL DEFAULT current_user,
  version integer NOT NULL CHECK (version > 0),
  deleted boolean NOT NULL DEFAULT false,
  body jsonb NOT NULL,
  created_at bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  seq bigint NOT NULL
);
CREATE INDEX memories_pull ON claude_mem.memories (team, project, seq);

CREATE FUNCTION claude_mem.next_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.seq := nextval('claude_mem.change_seq');
  NEW.updated_at := now();
  RETURN NEW;
END $$;
CREATE TRIGGER memories_seq BEFORE INSERT OR UPDATE ON claude_mem.memories
  FOR EACH ROW EXECUTE FUNCTION claude_mem.next_change();

CREATE FUNCTION claude_mem.my_teams() RETURNS SETOF text LANGUAGE sql STABLE AS $$
  SELECT name FROM claude_mem.teams WHERE pg_has_role(current_user, role, 'MEMBER')
$$;

ALTER TABLE claude_mem.memories ENABLE ROW LEVEL SECURITY;
CREATE POLICY members_read ON claude_mem.memories FOR SELECT
  USING (team IN (SELECT claude_mem.my_teams()));
CREATE POLICY authors_insert ON claude_mem.memories FOR INSERT
  WITH CHECK (author = current_user AND team IN (SELECT claude_mem.my_teams()));
CREATE POLICY authors_update ON claude_mem.memories FOR UPDATE
  USING (author = current_user AND team IN (SELECT claude_mem.my_teams()))
  WITH CHECK (author = current_user AND team IN (SELECT claude_mem.my_teams()));
`,
  },
  { version: 2, name: 'member functions', sql: MEMBER_FUNCTIONS_SQL },
];

/** The role name of a team's members: `claude_mem_team_<name>`. */
export function teamRole(team: string): string {
  return `claude_mem_team_${team}`;
}

/**
 * Takes the session advisory lock of migrations, trying again for at most a minute: any role can
 * hold an advisory lock, so a blocking wait could be held up for ever by one.
 */
async function takeMigrateLock(client: ClientBase, attempts = 600): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const { rows } = await client.query<{ got: boolean }>(
      `SELECT pg_try_advisory_lock(hashtext('claude_mem.migrate')) AS got`,
    );
    if (rows[0]?.got) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(
    'another session holds the lock of team schema migrations (another "team init"?): try again once it ends',
  );
}

/**
 * Applies the migrations not yet applied, each in its own transaction with its record, under an
 * advisory lock (two `team init` at once apply each once). Returns the versions applied.
 */
export async function migrateServer(client: ClientBase): Promise<number[]> {
  await client.query('CREATE SCHEMA IF NOT EXISTS claude_mem');
  await client.query(`CREATE TABLE IF NOT EXISTS claude_mem.schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: number[] = [];
  await takeMigrateLock(client);
  try {
    const done = await client.query<{ version: number }>(
      'SELECT version FROM claude_mem.schema_migrations',
    );
    const have = new Set(done.rows.map((row) => row.version));
    for (const migration of SERVER_MIGRATIONS.filter((m) => !have.has(m.version))) {
      await client.query('BEGIN');
      try {
        // Building an index over every row may take longer than a sync step's bound; a lock wait
        // stays bounded (lock_timeout), so a session in the way is an error, not a hang.
        await client.query('SET LOCAL statement_timeout = 0');
        await client.query(migration.sql);
        await client.query(
          'INSERT INTO claude_mem.schema_migrations (version, name) VALUES ($1, $2)',
          [migration.version, migration.name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
      applied.push(migration.version);
    }
  } finally {
    await client.query(`SELECT pg_advisory_unlock(hashtext('claude_mem.migrate'))`);
  }
  return applied;
}
