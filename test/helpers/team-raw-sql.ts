import pg from 'pg';
import type { PostgresServer } from './postgres-server.ts';

/** A raw `pg` session as `role` (password `<role>-pw`), as a member with psql would have. */
export async function rawSession(
  t: { after(fn: () => Promise<void>): void },
  server: PostgresServer,
  role: string,
): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: server.urlFor(role) });
  client.on('error', () => undefined);
  await client.connect();
  t.after(() => client.end().catch(() => undefined));
  return client;
}

/**
 * The owner (role admin) holding an ACCESS EXCLUSIVE lock on the memories table in an open
 * transaction, as a migration or a careless psql session would; `release()` commits.
 */
export async function lockMemories(
  t: { after(fn: () => Promise<void>): void },
  server: PostgresServer,
): Promise<{ release(): Promise<unknown> }> {
  const admin = await rawSession(t, server, 'admin');
  await admin.query('BEGIN');
  await admin.query('LOCK TABLE claude_mem.memories IN ACCESS EXCLUSIVE MODE');
  return { release: () => admin.query('COMMIT') };
}

/** A raw-SQL push of one observation row as a member would write it with psql. */
export function pushSql(team: string, globalId: string, project: string, title: string) {
  const rows = [
    {
      global_id: globalId,
      project,
      kind: 'observation',
      version: 1,
      body: { title },
      created_at: 1,
    },
  ];
  return {
    text: `SELECT claude_mem.push($1, $2::jsonb, '{}'::uuid[]) AS n`,
    values: [team, JSON.stringify(rows)],
  };
}
