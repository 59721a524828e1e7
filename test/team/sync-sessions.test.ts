import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { postgresMissing, startPostgres, type PostgresServer } from '../helpers/postgres-server.ts';
import { setUpTeam } from '../helpers/team-fixture.ts';
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

test(
  "a member's summaries of many sessions all reach a teammate, whatever their prompt numbers",
  { skip },
  async (t) => {
    const server = await startPostgres(t);
    await setUpTeam(t, server, ['alice', 'bob']);
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
    assert.equal(
      countOf(bob.db, 'SELECT pulled_seq FROM team_projects'),
      Number(server.sql('SELECT max(seq) FROM claude_mem.memories')),
    );
  },
);

test(
  'summaries with colliding keys or none (older clients, raw SQL) are all pulled and the cursor advances',
  { skip },
  async (t) => {
    const server = await startPostgres(t);
    await setUpTeam(t, server, ['alice', 'bob']);
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
    assert.equal(
      countOf(bob.db, 'SELECT pulled_seq FROM team_projects'),
      Number(server.sql('SELECT max(seq) FROM claude_mem.memories')),
    );
  },
);
