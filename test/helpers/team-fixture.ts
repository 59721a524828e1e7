import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { addMember, initTeam } from '../../src/team/admin.ts';
import { clientConfig, withClient } from '../../src/team/connection.ts';
import { startPostgres, type PostgresServer } from './postgres-server.ts';

/** A clone of the widget repository on one machine: a folder whose origin is the team remote. */
export function makeClone(parent: string, folder: string, remote: string): string {
  const root = join(parent, folder);
  mkdirSync(join(root, '.git'), { recursive: true });
  writeFileSync(join(root, '.git', 'config'), `[remote "origin"]\n\turl = ${remote}\n`);
  return root;
}

/** Schema, team `acme`, and login roles `members` (password `<role>-pw`) added to it. */
export async function setUpTeam(
  t: TestContext,
  pg: PostgresServer,
  members: readonly string[],
): Promise<void> {
  void t;
  for (const role of members) pg.sql(`CREATE ROLE ${role} LOGIN PASSWORD '${role}-pw'`);
  await withClient(clientConfig(pg.adminUrl), async (client) => {
    await initTeam(client, 'acme');
    for (const role of members) await addMember(client, 'acme', role);
  });
}

/** A PostgreSQL server for the test (stopped after it) with the team set up by {@link setUpTeam}. */
export async function startTeamServer(
  t: TestContext,
  members: readonly string[],
): Promise<PostgresServer> {
  const server = await startPostgres(t);
  await setUpTeam(t, server, members);
  return server;
}

/** A session row of `project` rooted at `root` in a local store (what capture would write). */
export const SESSION_SQL = `INSERT INTO sessions (session_id, project, project_root, cwd, started_at, updated_at)
  VALUES (@sid, @project, @root, @root, 1, 1)`;

/** An observation row (plain SQL: no compression needed), private unless shared after. */
export const OBSERVATION_SQL = `INSERT INTO observations (session_id, project, type, title, narrative,
  content_hash, created_at, updated_at)
  VALUES ((SELECT id FROM sessions WHERE session_id = @sid), @project, 'discovery', @title, @narrative,
  @title, 1, 1)`;
