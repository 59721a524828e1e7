import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cli } from '../helpers/cli.ts';
import { postgresMissing, type PostgresServer } from '../helpers/postgres-server.ts';
import { startTeamServer } from '../helpers/team-fixture.ts';
import { WIDGET } from '../helpers/team-member.ts';
import { eventually } from '../helpers/eventually.ts';
import { teamWorkerMachine } from '../helpers/team-worker.ts';

const skip = postgresMissing();

// Any C0 or C1 control but tab and newline, and DEL: what a terminal acts on.
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** Rows a member with raw SQL could write (placed as the superuser: any member privileges). */
function placeHostileRows(server: PostgresServer): void {
  const row = (kind: string, body: string, createdAt = '7') =>
    `(gen_random_uuid(), 'acme', '${WIDGET}', '${kind}', 'alice', 1, ${body}, ${createdAt})`;
  const controls = `'hostile ' || chr(27) || '[2J' || chr(27) || ']0;pwned' || chr(7) || ' cr' || chr(13) || 'hidden' || chr(155) || 'x'`;
  server.sql(`INSERT INTO claude_mem.memories
    (global_id, team, project, kind, author, version, body, created_at) VALUES
    ${row('observation', `'{"title": "hostile far future", "type": "decision"}'`, '9000000000000000000')},
    ${row('observation', `'{"title": "hostile files", "files_read": "not json at all", "files_modified": [1, {"a": 2}, null], "facts": "one fact"}'`)},
    ${row('observation', `jsonb_build_object('title', ${controls}, 'narrative', ${controls})`)},
    ${row('observation', `jsonb_build_object('title', '', 'narrative', 'hostile huge ' || repeat('z', 20000000))`)},
    ${row('summary', `'{"prompt_number": 1, "learned": "hostile same key a", "session": "abcdef0123456789"}'`)},
    ${row('summary', `'{"prompt_number": 1, "learned": "hostile same key b", "session": "abcdef0123456789"}'`)},
    ${row('observation', `'[1, 2]'`)},
    ${row('observation', `'{"title": "sound row after them"}'`)}`);
}

test(
  'hostile rows on the server: the pull advances past them, nothing answers 500, the terminal gets no control characters',
  { skip, timeout: 300_000 },
  async (t) => {
    const server = await startTeamServer(t, ['alice', 'bob']);
    const bob = await teamWorkerMachine(t, server, 'bob', 'widget-bob');
    placeHostileRows(server);
    const last = Number(server.sql('SELECT max(seq) FROM claude_mem.memories'));
    const project = bob.project;
    await eventually('bob pulled past every row', () => {
      const row = bob.db.prepare('SELECT pulled_seq FROM team_projects').get() as
        { pulled_seq: number } | undefined;
      return row && row.pulled_seq >= last ? true : undefined;
    });
    const stored = bob.db
      .prepare(
        `SELECT id, title, created_at, files_read, files_modified, facts, length(narrative) AS size
         FROM observations WHERE author = 'alice' ORDER BY id`,
      )
      .all() as { id: number; title: string; created_at: number; size: number }[];
    assert.equal(
      stored.length,
      4,
      'every observation but the one with no object body and the 20 MB one',
    );
    assert.ok(stored.every((row) => row.created_at <= Date.now() && row.size <= 10_000));
    assert.deepEqual(stored[1], {
      ...stored[1],
      files_read: '["not json at all"]',
      files_modified: '["1","{\\"a\\":2}"]',
      facts: '["one fact"]',
    });
    assert.equal(stored[3]?.title, 'sound row after them');
    assert.deepEqual(
      bob.db.prepare('SELECT learned FROM summaries ORDER BY learned').pluck().all(),
      ['hostile same key a', 'hostile same key b'],
    );
    const status = (await bob.get('/api/team/status')).body as {
      lastError: string | null;
      setAside: { count: number; recent: { reason: string }[] };
    };
    assert.equal(status.lastError, null);
    assert.equal(status.setAside.count, 2);
    assert.deepEqual(
      status.setAside.recent.map((row) =>
        row.reason.replace(/^seq \d+: /, '').replace(/\d{8} bytes/, 'N bytes'),
      ),
      ['its body is a list, not an object', 'its body is N bytes, more than a pull fetches'],
    );

    const paths = [
      ...stored.flatMap((row) => [`/api/observations/${row.id}`, `/api/timeline?anchor=${row.id}`]),
      '/api/search?q=hostile',
      `/api/overview?project=${project}`,
      `/api/context?project=${project}`,
      `/api/feed?project=${project}`,
    ];
    for (const path of paths) {
      const res = await bob.get(path);
      assert.equal(res.status, 200, `${path}: ${JSON.stringify(res.body).slice(0, 300)}`);
      assert.doesNotMatch(JSON.stringify(res.body), /NaN-NaN/, path);
    }

    const outputs = [
      ...(await Promise.all(stored.map((row) => cli(['show', String(row.id)], bob.home.env)))),
      await cli(['search', 'hostile'], bob.home.env),
      await cli(['context', '--project', project], bob.home.env),
      await cli(['team', 'status'], bob.home.env),
    ];
    for (const run of outputs) {
      assert.equal(run.code, 0, run.stderr);
      assert.doesNotMatch(run.stdout, RAW_CONTROL);
      assert.ok(run.stdout.length < 100_000, 'no 20 MB body printed');
    }
    assert.match(outputs.at(-1)?.stdout ?? '', /set aside at pull: 2 rows/);
  },
);
