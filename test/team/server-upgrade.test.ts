import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addMember, initTeam } from '../../src/team/admin.ts';
import { clientConfig, withClient } from '../../src/team/connection.ts';
import { SERVER_MIGRATIONS } from '../../src/team/server-schema.ts';
import { postgresMissing, startPostgres, type PostgresServer } from '../helpers/postgres-server.ts';
import { rawSession } from '../helpers/team-raw-sql.ts';

const GROUP = 'claude_mem_team_acme';

/** A server as version 1 left it: the table, row-level security, and the group's table grants. */
function versionOneServer(server: PostgresServer): void {
  server.sql(`CREATE SCHEMA claude_mem;
    CREATE TABLE claude_mem.schema_migrations (version integer PRIMARY KEY, name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now());
    ${SERVER_MIGRATIONS[0]?.sql ?? ''}
    INSERT INTO claude_mem.schema_migrations (version, name) VALUES (1, 'memories');
    CREATE ROLE ${GROUP} NOLOGIN;
    INSERT INTO claude_mem.teams (name, role) VALUES ('acme', '${GROUP}');
    GRANT USAGE ON SCHEMA claude_mem TO ${GROUP};
    GRANT SELECT ON claude_mem.teams TO ${GROUP};
    GRANT SELECT, INSERT, UPDATE ON claude_mem.memories TO ${GROUP};
    GRANT USAGE ON SEQUENCE claude_mem.change_seq TO ${GROUP};
    CREATE ROLE alice LOGIN PASSWORD 'alice-pw';
    GRANT ${GROUP} TO alice;
    GRANT SELECT ON claude_mem.memories TO alice;`);
}

test(
  'a version 1 server upgrades with team init: rows kept, every table grant revoked, members sync through the functions',
  { skip: postgresMissing(), timeout: 180_000 },
  async (t) => {
    const server = await startPostgres(t);
    versionOneServer(server);
    const alice = await rawSession(t, server, 'alice');
    await alice.query(`INSERT INTO claude_mem.memories (global_id, team, project, kind, version, body, created_at)
      VALUES (gen_random_uuid(), 'acme', 'host/acme/widget', 'observation', 1, '{"title":"from v1"}', 7)`);

    const applied = await withClient(clientConfig(server.adminUrl), (client) =>
      initTeam(client, 'acme'),
    );
    assert.deepEqual(applied, [2]);
    assert.equal(
      server.sql(`SELECT count(*) FROM information_schema.role_table_grants
        WHERE table_schema = 'claude_mem' AND grantee <> 'admin'
          AND NOT (table_name = 'teams' AND privilege_type = 'SELECT' AND grantee = 'PUBLIC')`),
      '0\n',
    );
    await assert.rejects(alice.query('SELECT * FROM claude_mem.memories'), /permission denied/);
    const pulled = await alice.query(
      `SELECT author, body->>'title' AS title, created_at FROM claude_mem.pull('acme', 'host/acme/widget', 0, 10)`,
    );
    assert.deepEqual(pulled.rows, [{ author: 'alice', title: 'from v1', created_at: '7' }]);
    const again = await withClient(clientConfig(server.adminUrl), async (client) => {
      await addMember(client, 'acme', 'alice');
      return initTeam(client, 'acme');
    });
    assert.deepEqual(again, []);
  },
);
