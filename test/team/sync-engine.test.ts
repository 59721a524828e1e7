import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import pg from 'pg';
import type { Db } from '../../src/store/index.ts';
import { postgresMissing, type PostgresServer } from '../helpers/postgres-server.ts';
import { startTeamServer } from '../helpers/team-fixture.ts';
import { countOf, teamMachine, type MachineOptions } from '../helpers/team-member.ts';

const skip = postgresMissing();

/** alice's clone has the ssh remote, everyone else's the https one: both name one project. */
const member = (
  t: TestContext,
  server: PostgresServer,
  role: string,
  folder: string,
  newClient?: MachineOptions['newClient'],
) =>
  teamMachine(t, server, role, folder, {
    ...(role === 'alice' ? { remote: 'git@host:acme/widget.git' } : {}),
    ...(newClient ? { newClient } : {}),
  });

const titles = (db: Db): unknown[] =>
  db
    .prepare(
      'SELECT title, author, project FROM observations WHERE author IS NOT NULL ORDER BY title',
    )
    .all();

test(
  'a shared row reaches a teammate under their own project, once, and edits and forgets follow',
  { skip },
  async (t) => {
    const server = await startTeamServer(t, ['alice', 'bob']);
    const alice = member(t, server, 'alice', 'widget');
    const bob = member(t, server, 'bob', 'my-widget-copy');
    const shared = alice.observe('cookie path must be /');
    alice.observe('my private note');
    alice.share(shared);
    const first = await alice.sync.syncNow();
    assert.equal(first.lastError, null);
    assert.equal(first.lastPush?.pushed, 1);
    await alice.sync.syncNow();
    await bob.sync.syncNow();
    await bob.sync.syncNow();
    assert.deepEqual(titles(bob.db), [
      { title: 'cookie path must be /', author: 'alice', project: 'my-widget-copy' },
    ]);
    assert.equal(server.sql('SELECT count(*) FROM claude_mem.memories'), '1\n');

    alice.db
      .prepare(`UPDATE observations SET title = 'cookie path is /app' WHERE id = ?`)
      .run(shared);
    await alice.sync.syncNow();
    await bob.sync.syncNow();
    assert.deepEqual(titles(bob.db), [
      { title: 'cookie path is /app', author: 'alice', project: 'my-widget-copy' },
    ]);

    alice.db.prepare('DELETE FROM observations WHERE id = ?').run(shared);
    await alice.sync.syncNow();
    await bob.sync.syncNow();
    assert.deepEqual(titles(bob.db), []);
    assert.equal(server.sql(`SELECT deleted, body::text FROM claude_mem.memories`), 't|{}\n');
  },
);

/** A client that runs `before(sql)` ahead of every query: where the test cuts the server off. */
function cutting(before: (sql: string) => Promise<void>) {
  return (config: pg.ClientConfig): pg.Client => {
    const client = new pg.Client(config);
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as { query: unknown }).query = async (...args: unknown[]) => {
      await before(String(args[0]));
      return query(...args);
    };
    return client;
  };
}

test(
  'the server stopped in the middle of a push loses and duplicates nothing; the backlog syncs on restart',
  { skip },
  async (t) => {
    const pg_ = await startTeamServer(t, ['alice', 'bob']);
    let cutAt: string | undefined;
    const alice = member(
      t,
      pg_,
      'alice',
      'widget',
      cutting(async (sql) => {
        if (cutAt !== undefined && sql.startsWith(cutAt)) {
          cutAt = undefined;
          pg_.stop();
        }
      }),
    );
    const bob = member(t, pg_, 'bob', 'widget');
    for (let i = 0; i < 100; i += 1) alice.share(alice.observe(`backlog row ${i}`));
    cutAt = 'COMMIT';
    const cut = await alice.sync.syncNow();
    assert.match(cut.lastError ?? '', /terminat|connect|ECONNREFUSED|shut/i);
    assert.equal(
      countOf(alice.db, 'SELECT count(*) AS n FROM team_outbox'),
      100,
      'nothing acknowledged',
    );
    const offline = await alice.sync.syncNow();
    assert.notEqual(offline.lastError, null);
    pg_.start();
    const back = await alice.sync.syncNow();
    assert.equal(back.lastError, null);
    assert.equal(back.lastPush?.pushed, 100);
    assert.equal(countOf(alice.db, 'SELECT count(*) AS n FROM team_outbox'), 0);
    assert.equal(
      pg_.sql('SELECT count(*), count(DISTINCT global_id) FROM claude_mem.memories'),
      '100|100\n',
    );
    await bob.sync.syncNow();
    assert.equal(
      countOf(bob.db, 'SELECT count(*) AS n FROM observations WHERE author = ?', 'alice'),
      100,
    );
  },
);

test(
  'a commit whose answer is lost is pushed again without a duplicate or a new change',
  { skip },
  async (t) => {
    const server = await startTeamServer(t, ['alice']);
    let loseAnswer = false;
    const alice = member(t, server, 'alice', 'widget', (config) => {
      const client = new pg.Client(config);
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      (client as unknown as { query: unknown }).query = async (...args: unknown[]) => {
        const result = await query(...args);
        if (loseAnswer && args[0] === 'COMMIT') {
          loseAnswer = false;
          throw new Error('connection lost before the answer to COMMIT arrived');
        }
        return result;
      };
      return client;
    });
    for (let i = 0; i < 3; i += 1) alice.share(alice.observe(`row ${i}`));
    loseAnswer = true;
    const lost = await alice.sync.syncNow();
    assert.match(lost.lastError ?? '', /answer to COMMIT/);
    assert.equal(countOf(alice.db, 'SELECT count(*) AS n FROM team_outbox'), 3, 'still queued');
    const seqBefore = server.sql('SELECT max(seq) FROM claude_mem.memories');
    const again = await alice.sync.syncNow();
    assert.equal(again.lastError, null);
    assert.equal(countOf(alice.db, 'SELECT count(*) AS n FROM team_outbox'), 0);
    assert.equal(server.sql('SELECT count(*) FROM claude_mem.memories'), '3\n');
    assert.equal(
      server.sql('SELECT max(seq) FROM claude_mem.memories'),
      seqBefore,
      'no row changed',
    );
  },
);

test(
  'a shared summary reaches a teammate with its author, under a session of theirs',
  { skip },
  async (t) => {
    const server = await startTeamServer(t, ['alice', 'bob']);
    const alice = member(t, server, 'alice', 'widget');
    const bob = member(t, server, 'bob', 'widget-copy');
    alice.db
      .prepare(
        `INSERT INTO summaries (session_id, project, prompt_number, request, learned, created_at, scope)
       VALUES (1, 'widget', 3, 'fix the login redirect', 'the cookie path was wrong', 5, 'team')`,
      )
      .run();
    assert.equal((await alice.sync.syncNow()).lastPush?.pushed, 1);
    await bob.sync.syncNow();
    assert.deepEqual(
      bob.db
        .prepare(
          `SELECT s.request, s.learned, s.prompt_number, s.author, s.project, x.source
         FROM summaries s JOIN sessions x ON x.id = s.session_id`,
        )
        .all(),
      [
        {
          // The prompt stays home: a shared summary says what its work was.
          request: 'the cookie path was wrong',
          learned: 'the cookie path was wrong',
          prompt_number: 3,
          author: 'alice',
          project: 'widget-copy',
          source: 'team',
        },
      ],
    );
  },
);
