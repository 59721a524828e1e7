import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import pg from 'pg';
import { workerRequest } from '../../src/client/index.ts';
import type { Db } from '../../src/store/index.ts';
import { cli } from '../helpers/cli.ts';
import type { TestHome } from '../helpers/env.ts';
import { postgresMissing, type PostgresServer } from '../helpers/postgres-server.ts';
import { eventually } from '../helpers/eventually.ts';
import { startTeamServer } from '../helpers/team-fixture.ts';
import { teamWorkerMachine } from '../helpers/team-worker.ts';
import { tokenOf } from '../helpers/worker.ts';

const skip = postgresMissing();
const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));
interface Member {
  home: TestHome;
  db: Db;
  project: string;
  observe(title: string, extra?: { narrative?: string; scope?: string }): number;
  status(): Promise<{
    lastError: string | null;
    backlog: { queued: number; refused: { reason: string }[] };
  }>;
}

/** A member's machine: its data folder, a clone of the widget repository, a real worker. */
async function machine(
  t: TestContext,
  server: PostgresServer,
  role: string,
  folder: string,
  remote: string,
): Promise<Member> {
  const { home, db, connect, get } = await teamWorkerMachine(t, server, role, folder, {
    remote,
    seed: (store: Db) =>
      store
        .prepare(
          `INSERT INTO prompts (event_uid, session_id, project, prompt_number, text, created_at)
           VALUES (?, 1, ?, 1, ?, ?)`,
        )
        .run(`${role}-p1`, folder, `${role} PROMPT-MARKER how do cookies work`, Date.now()),
  });
  assert.match(connect.stdout, new RegExp(`connected to team "acme" as ${role}`));
  const observe = (title: string, extra: { narrative?: string; scope?: string } = {}): number =>
    Number(
      db
        .prepare(
          `INSERT INTO observations (session_id, project, type, title, narrative, content_hash, created_at, updated_at, scope)
           VALUES (1, ?, 'discovery', ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          folder,
          title,
          extra.narrative ?? '',
          title,
          Date.now(),
          Date.now(),
          extra.scope ?? 'private',
        ).lastInsertRowid,
    );
  const status = async () =>
    (await get('/api/team/status')).body as Awaited<ReturnType<Member['status']>>;
  return { home, db, project: folder, observe, status };
}

const pulled = (member: Member, title: string) =>
  member.db
    .prepare(
      'SELECT id, title, author, project FROM observations WHERE title = ? AND author IS NOT NULL',
    )
    .get(title) as { id: number; title: string; author: string; project: string } | undefined;

async function asRole<T>(
  server: PostgresServer,
  role: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: server.urlFor(role) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

test(
  'team memory on PostgreSQL: Must show 1-4 with two machines and their own roles',
  { skip, timeout: 300_000 },
  async (t) => {
    const server = await startTeamServer(t, ['alice', 'bob']);
    const alice = await machine(t, server, 'alice', 'widget', 'git@host:acme/widget.git');
    const bob = await machine(t, server, 'bob', 'widget-bob', 'https://host/acme/widget');

    await t.test('connect keeps the password out of settings, in a 0600 file', () => {
      const settings = readFileSync(join(alice.home.dataDir, 'settings.json'), 'utf8');
      assert.doesNotMatch(settings, /alice-pw/);
      assert.match(settings, /postgres:\/\/alice@127\.0\.0\.1/);
      assert.equal(statSync(join(alice.home.dataDir, 'team-secret')).mode & 0o777, 0o600);
    });

    // Must show 1
    const shared = alice.observe('session cookie path must be /app', { scope: 'team' });
    alice.observe('alice private: my salary notes');
    await t.test(
      "alice's shared observation reaches bob's search and context within seconds",
      async () => {
        const row = await eventually("the shared row in bob's store", () =>
          pulled(bob, 'session cookie path must be /app'),
        );
        assert.deepEqual(
          { ...row, id: 0 },
          {
            id: 0,
            title: 'session cookie path must be /app',
            author: 'alice',
            project: 'widget-bob',
          },
        );
        const search = await cli(['search', 'cookie', '--project', 'widget-bob'], bob.home.env);
        assert.match(search.stdout, /session cookie path must be \/app/);
        const context = await cli(['context', '--project', 'widget-bob'], bob.home.env);
        assert.match(context.stdout, /session cookie path must be \/app/);
      },
    );
    await t.test('the private observation and the prompts never reach the server', () => {
      assert.equal(server.sql('SELECT count(*) FROM claude_mem.memories'), '1\n');
      assert.equal(
        server.sql(
          `SELECT count(*) FROM claude_mem.memories WHERE body::text ~ 'salary|PROMPT-MARKER'`,
        ),
        '0\n',
      );
      assert.equal(
        server.sql(`SELECT author, body->>'title' FROM claude_mem.memories`),
        'alice|session cookie path must be /app\n',
      );
    });
    await t.test(
      "bob cannot change or delete alice's rows with his role (no table privilege: only the schema's functions)",
      async () => {
        await asRole(server, 'bob', async (client) => {
          for (const sql of [
            `UPDATE claude_mem.memories SET body = '{"title":"bob was here"}' WHERE author = 'alice'`,
            `UPDATE claude_mem.memories SET author = 'bob'`,
            'DELETE FROM claude_mem.memories',
            `INSERT INTO claude_mem.memories (global_id, team, project, kind, author, version, body, created_at)
          VALUES (gen_random_uuid(), 'acme', 'host/acme/widget', 'observation', 'alice', 1, '{}', 1)`,
          ]) {
            await assert.rejects(client.query(sql), /permission denied/);
          }
        });
        assert.equal(
          server.sql(`SELECT body->>'title' FROM claude_mem.memories`),
          'session cookie path must be /app\n',
        );
        const row = pulled(bob, 'session cookie path must be /app');
        const edit = await workerRequest(bob.home.port, `/api/observations/${row?.id}`, {
          method: 'PATCH',
          body: { title: 'bob edits locally' },
          token: tokenOf(bob.home),
        });
        assert.equal(edit.status, 403);
        assert.match(JSON.stringify(edit.body), /alice's team memory/);
      },
    );

    // Must show 2
    await t.test(
      'the server stopped and restarted: a 100-row backlog syncs, nothing lost or duplicated',
      async () => {
        server.stop();
        for (let i = 0; i < 100; i += 1) alice.observe(`offline finding ${i}`, { scope: 'team' });
        const waiting = await eventually('alice to see the server gone', async () => {
          const status = await alice.status();
          return status.lastError !== null && status.backlog.queued === 100 ? status : undefined;
        });
        assert.equal(waiting.backlog.queued, 100);
        server.start();
        await eventually("100 rows in bob's store", () => {
          const { n } = bob.db
            .prepare(`SELECT count(*) AS n FROM observations WHERE title LIKE 'offline finding %'`)
            .get() as { n: number };
          return n === 100 ? n : undefined;
        });
        assert.equal(
          server.sql('SELECT count(*), count(DISTINCT global_id) FROM claude_mem.memories'),
          '101|101\n',
        );
        assert.equal((await alice.status()).backlog.queued, 0);
        await sleep(1000);
        const { n } = bob.db
          .prepare(`SELECT count(*) AS n FROM observations WHERE author = 'alice'`)
          .get() as { n: number };
        assert.equal(n, 101);
      },
    );

    // Must show 3
    await t.test(
      "an edit on alice's side propagates and a forget removes the row from bob's store",
      async () => {
        const edit = await workerRequest(alice.home.port, `/api/observations/${shared}`, {
          method: 'PATCH',
          body: { title: 'session cookie path is /app/v2' },
          token: tokenOf(alice.home),
        });
        assert.equal(edit.status, 200);
        await eventually("the edit in bob's store", () =>
          pulled(bob, 'session cookie path is /app/v2'),
        );
        assert.equal(pulled(bob, 'session cookie path must be /app'), undefined);
        const forget = await cli(['forget', String(shared), '-y'], alice.home.env);
        assert.equal(forget.code, 0, forget.stderr);
        await eventually("the forget in bob's store", () =>
          pulled(bob, 'session cookie path is /app/v2') ? undefined : true,
        );
        assert.equal(
          server.sql(
            `SELECT deleted, body::text FROM claude_mem.memories WHERE author = 'alice' AND deleted`,
          ),
          't|{}\n',
        );
      },
    );

    // Must show 4
    await t.test(
      'a row with a planted secret is refused at push, and the reason is visible',
      async () => {
        // Written past the privacy door (plain SQL), as a row stored before a rule existed would be.
        alice.observe('deploy token for CI', {
          narrative: 'use ghp_abcdefghijklmnopqrstuvwxyz0123456789 to push',
          scope: 'team',
        });
        const refused = await eventually('the refusal in team status', async () => {
          const status = await alice.status();
          return status.backlog.refused.length > 0 ? status.backlog.refused : undefined;
        });
        assert.match(refused[0]?.reason ?? '', /refused at push: a secret .* in its narrative/);
        const text = await cli(['team', 'status'], alice.home.env);
        assert.match(text.stdout, /1 refused/);
        assert.match(text.stdout, /observation \d+: refused at push/);
        const doctor = await cli(['doctor'], alice.home.env);
        assert.match(
          doctor.stdout,
          /WARN team +team "acme" as alice: \d+ queued, 1 refused at push/,
        );
        assert.equal(
          server.sql(
            `SELECT count(*) FROM claude_mem.memories WHERE body::text ~ 'ghp_|deploy token'`,
          ),
          '0\n',
        );
      },
    );

    await t.test(
      'init and add-member are idempotent; a role that is no member cannot connect',
      async () => {
        const init = await cli(['team', 'init', server.adminUrl, '--team', 'acme'], alice.home.env);
        assert.equal(init.code, 0, init.stderr);
        assert.match(init.stdout, /team schema already up to date; team "acme" ready/);
        const again = await cli(
          ['team', 'add-member', 'bob', '--url', server.adminUrl, '--team', 'acme'],
          alice.home.env,
        );
        assert.equal(again.code, 0, again.stderr);
        assert.equal(
          server.sql(
            "SELECT count(*) FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member WHERE r.rolname = 'bob'",
          ),
          '1\n',
        );
        server.sql("CREATE ROLE carol LOGIN PASSWORD 'carol-pw'");
        const carol = await cli(
          ['team', 'connect', server.urlFor('carol'), '--team', 'acme'],
          bob.home.env,
        );
        assert.equal(carol.code, 1);
        assert.match(carol.stderr, /role carol is not a member of team "acme"/);
      },
    );

    await t.test('a removed member reads nothing more', async () => {
      const removed = await cli(
        ['team', 'remove-member', 'bob', '--url', server.adminUrl, '--team', 'acme'],
        alice.home.env,
      );
      assert.equal(removed.code, 0, removed.stderr);
      await asRole(server, 'bob', async (client) => {
        await assert.rejects(
          client.query('SELECT count(*) FROM claude_mem.memories'),
          /permission denied/,
        );
      });
    });
  },
);
