import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import type { Db } from '../../src/store/index.ts';
import { postgresMissing, type PostgresServer } from '../helpers/postgres-server.ts';
import { startTeamServer } from '../helpers/team-fixture.ts';
import { countOf, teamMachine, WIDGET } from '../helpers/team-member.ts';

const skip = postgresMissing();

/** Places a row on the server as its superuser, as a member with raw SQL could. */
function placeRow(server: PostgresServer, author: string, kind: string, body: object): string {
  const id = randomUUID();
  const json = JSON.stringify(body).replaceAll("'", "''");
  server.sql(`INSERT INTO claude_mem.memories (global_id, team, project, kind, author, version, body, created_at)
    VALUES ('${id}', 'acme', '${WIDGET}', '${kind}', '${author}', 1, '${json}'::jsonb, 7)`);
  return id;
}

/** The pull cursor of `db`'s store stands at the server's last row. */
function assertPulledToEnd(db: Db, server: PostgresServer): void {
  assert.equal(
    countOf(db, 'SELECT pulled_seq FROM team_projects'),
    Number(server.sql('SELECT max(seq) FROM claude_mem.memories')),
  );
}

test(
  "a member's summaries of many sessions all reach a teammate, whatever their prompt numbers",
  { skip },
  async (t) => {
    const server = await startTeamServer(t, ['alice', 'bob']);
    const alice = teamMachine(t, server, 'alice', 'widget');
    const bob = teamMachine(t, server, 'bob', 'widget-copy');
    alice.session('alice-s2');
    for (const sid of ['alice-widget-s1', 'alice-s2']) {
      alice.summarize(sid, 1, `${sid} first turn`);
      alice.summarize(sid, 2, `${sid} second turn`);
      alice.share(alice.observe(`${sid} observation`, sid));
    }
    assert.equal((await alice.settle()).lastPush?.pushed, 6);
    const state = await bob.settle();
    assert.equal(state.lastError, null);
    assert.deepEqual(
      bob.db
        .prepare(`SELECT learned, prompt_number AS n, author FROM summaries ORDER BY learned`)
        .all(),
      [
        { learned: 'alice-s2 first turn', n: 1, author: 'alice' },
        { learned: 'alice-s2 second turn', n: 2, author: 'alice' },
        { learned: 'alice-widget-s1 first turn', n: 1, author: 'alice' },
        { learned: 'alice-widget-s1 second turn', n: 2, author: 'alice' },
      ],
    );
    // A session's observation and summaries hang from one local session, one per origin.
    assert.equal(
      countOf(
        bob.db,
        `SELECT count(DISTINCT session_id) FROM (SELECT session_id FROM summaries
           UNION ALL SELECT session_id FROM observations WHERE author = 'alice')`,
      ),
      2,
    );
    assertPulledToEnd(bob.db, server);
  },
);

test(
  'summaries with colliding keys or none (older clients, raw SQL) are all pulled and the cursor advances',
  { skip },
  async (t) => {
    const server = await startTeamServer(t, ['alice', 'bob']);
    const bob = teamMachine(t, server, 'bob', 'widget-copy');
    // A store of the old layout: alice's summary at prompt 1 already on her one session.
    placeRow(server, 'alice', 'summary', { prompt_number: 1, learned: 'legacy one' });
    assert.equal((await bob.settle()).lastError, null);
    placeRow(server, 'alice', 'summary', { prompt_number: 1, learned: 'legacy two' });
    placeRow(server, 'alice', 'summary', {
      prompt_number: 1,
      learned: 'same key a',
      session: 'abcdef0123456789',
    });
    placeRow(server, 'alice', 'summary', {
      prompt_number: 1,
      learned: 'same key b',
      session: 'abcdef0123456789',
    });
    const after = await bob.settle();
    assert.equal(after.lastError, null);
    assert.deepEqual(
      bob.db.prepare('SELECT learned FROM summaries ORDER BY learned').pluck().all(),
      ['legacy one', 'legacy two', 'same key a', 'same key b'],
    );
    assertPulledToEnd(bob.db, server);
  },
);

test(
  "one person's two machines: rows shared on one are the other's own, edits go both ways, nothing comes back as new",
  { skip },
  async (t) => {
    const server = await startTeamServer(t, ['alice']);
    const laptop = teamMachine(t, server, 'alice', 'widget');
    const desktop = teamMachine(t, server, 'alice', 'widget-desktop');
    const shared = laptop.observe('cookie path must be /');
    laptop.share(shared);
    laptop.summarize('alice-widget-s1', 1, 'learned on the laptop');
    await laptop.settle();
    assert.equal((await desktop.settle()).lastError, null);
    const mine = (db: typeof laptop.db) =>
      db
        .prepare(
          `SELECT title AS text, author, version, global_id FROM observations WHERE scope = 'team'
           UNION ALL SELECT learned, author, version, global_id FROM summaries ORDER BY 1`,
        )
        .all();
    assert.deepEqual(mine(desktop.db), mine(laptop.db));
    assert.equal(countOf(desktop.db, 'SELECT count(*) FROM observations WHERE author IS NULL'), 1);
    assert.equal(countOf(desktop.db, 'SELECT count(*) FROM team_outbox'), 0, 'not queued back');

    desktop.db
      .prepare(`UPDATE observations SET title = 'cookie path is /app' WHERE global_id = ?`)
      .run(
        laptop.db.prepare('SELECT global_id FROM observations WHERE id = ?').pluck().get(shared),
      );
    assert.equal((await desktop.settle()).lastPush?.pushed, 1);
    assert.equal((await laptop.settle()).lastError, null);
    assert.deepEqual(
      laptop.db.prepare('SELECT title, author, version FROM observations WHERE id = ?').get(shared),
      { title: 'cookie path is /app', author: null, version: 2 },
    );
    await laptop.settle();
    await desktop.settle();
    assert.equal(countOf(laptop.db, 'SELECT count(*) FROM team_outbox'), 0, 'not pushed back');
    assert.equal(server.sql('SELECT count(*), max(version) FROM claude_mem.memories'), '2|2\n');

    laptop.db.prepare('DELETE FROM observations WHERE id = ?').run(shared);
    await laptop.settle();
    await desktop.settle();
    assert.equal(countOf(desktop.db, `SELECT count(*) FROM observations WHERE scope = 'team'`), 0);
    assert.equal(countOf(desktop.db, 'SELECT count(*) FROM team_outbox'), 0);
  },
);
