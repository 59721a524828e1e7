import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { test } from 'node:test';
import { openDatabase } from '../../src/store/index.ts';
import { postgresMissing, type PostgresServer } from '../helpers/postgres-server.ts';
import { startTeamServer } from '../helpers/team-fixture.ts';
import { eventually, joinTeam, type ScenarioMember, type Turn } from '../helpers/team-scenario.ts';

// Issue 30, Must show 1, 2 and 4: team memory as a team lives it. Three members on one
// repository through scp, https and ssh remotes in differently named folders, and one of them
// on a second machine, each running three sessions of two prompts through the real hook bundle
// with team.share all and the heuristic provider; a new member's first session; a marker in every
// prompt that no server table may hold; a teammate's flood of 5,000 shared rows.

const skip = postgresMissing();
const MARK = `QZX${randomBytes(4).toString('hex')}`;
const LEDGER = 'src/billing/ledger.ts';
const SESSIONS = 3;
const PROMPTS = 2;
const FLOOD = 5000;

/** The function a turn adds: `aliceLedger12` is alice's session 1, prompt 2. */
const fnOf = (who: string, s: number, p: number): string => `${who}Ledger${s}${p}`;

/** `who`'s scripted sessions: each prompt carries the marker and asks for one function. */
function script(who: string): Turn[][] {
  return Array.from({ length: SESSIONS }, (_, s) =>
    Array.from({ length: PROMPTS }, (_, p) => ({
      prompt: `${MARK} ${who} asks: please teach the ledger to settle refunds in ${fnOf(who, s + 1, p + 1)}`,
      file: LEDGER,
      fn: fnOf(who, s + 1, p + 1),
    })),
  );
}

/** Runs `who`'s sessions one after another on `member`; the first one's SessionStart context. */
async function live(member: ScenarioMember, who: string): Promise<string> {
  const contexts: string[] = [];
  for (const [s, turns] of script(who).entries()) {
    contexts.push(await member.runSession(`${who}-${s + 1}`, turns));
  }
  return contexts[0] ?? '';
}

/** Every function a machine's sessions added, by the name its titles use. */
const allFns = (who: string): string[] =>
  script(who).flatMap((turns) => turns.map((turn) => turn.fn));

/** The observation lines of a context or recall block. */
const linesOf = (text: string): string[] => text.split('\n').filter((line) => /^#\d+ /.test(line));

/** The line of `fn` in `text`, or undefined. */
const lineOf = (text: string, fn: string): string | undefined =>
  linesOf(text).find((line) => line.includes(`added function ${fn} `) || line.endsWith(fn));

/** Global ids (and authors) of the live rows on the server, as the admin sees them. */
function serverRows(server: PostgresServer): { id: string; author: string; kind: string }[] {
  return server
    .sql(`SELECT global_id, author, kind FROM claude_mem.memories WHERE NOT deleted`)
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [id = '', author = '', kind = ''] = line.split('|');
      return { id, author, kind };
    });
}

/** The rows of `member`'s store with a global id: id -> author ('' for the user's own). */
function storedRows(member: ScenarioMember): Map<string, string> {
  const rows = member.query<{ id: string; author: string | null }>(
    `SELECT global_id AS id, author FROM observations WHERE global_id IS NOT NULL
     UNION ALL SELECT global_id, author FROM summaries WHERE global_id IS NOT NULL`,
  );
  return new Map(rows.map((row) => [row.id, row.author ?? '']));
}

/** Writes `count` shared observations into `member`'s store as compression would. */
function flood(member: ScenarioMember, count: number): void {
  // The store's own connection: its triggers call functions it registers (code-aware search).
  const db = openDatabase(join(member.home.dataDir, 'claude-mem.db'));
  db.pragma('busy_timeout = 10000');
  const at = Date.now();
  const insert = db.prepare(
    `INSERT INTO observations (session_id, project, type, title, narrative, files_read,
       content_hash, created_at, updated_at, scope)
     VALUES ((SELECT id FROM sessions WHERE session_id = 'bob-1'), ?, 'discovery', ?, '', ?, ?, ?, ?, 'team')`,
  );
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      // The first 30 name alice's first function too: prompt-time recall has to choose.
      const topic = i < 30 ? fnOf('alice', 1, 1) : `batch${i}`;
      const files = JSON.stringify([LEDGER, 'src/billing/refunds.ts']);
      insert.run(
        member.project,
        `Refund run ${i} settles ${topic}`,
        files,
        `flood-${i}`,
        at + i,
        at + i,
      );
    }
  })();
  db.close();
}

test(
  'team memory lived by three members and a second machine: everything arrives, no prompt leaves, own first under a flood',
  { skip, timeout: 600_000 },
  async (t) => {
    const server = await startTeamServer(t, ['alice', 'bob', 'carol']);
    const [alice, bob] = await Promise.all([
      joinTeam(t, server, { role: 'alice', folder: 'widget', remote: 'git@host:acme/widget.git' }),
      joinTeam(t, server, {
        role: 'bob',
        folder: 'widget-bob',
        remote: 'https://host/acme/widget',
      }),
    ]);
    await Promise.all([live(alice, 'alice'), live(bob, 'bob')]);
    const firstWave = 2 * SESSIONS * PROMPTS * 2; // an observation and a summary a turn
    await eventually(`${firstWave} rows of alice and bob on the server`, () =>
      serverRows(server).length >= firstWave ? true : undefined,
    );

    const [carol, laptop] = await Promise.all([
      joinTeam(t, server, {
        role: 'carol',
        folder: 'wdg-carol',
        remote: 'ssh://git@host:22/acme/widget.git',
      }),
      // alice's second machine, connected outside the clone: its first SessionStart pulls.
      joinTeam(t, server, {
        role: 'alice',
        folder: 'widget-laptop',
        remote: 'https://host/acme/widget.git',
        connectIn: 'home',
      }),
    ]);
    const [carolFirst, laptopFirst] = await Promise.all([
      live(carol, 'carol'),
      live(laptop, 'laptop'),
    ]);

    await t.test("a new member's connect in the clone pulls the team's memory at once", () => {
      assert.match(
        carol.connected,
        new RegExp(
          `pulled the team's memory of host/acme/widget into project wdg-carol: ${firstWave} shared memories`,
        ),
      );
      assert.match(laptop.connected, /has no git remote and no \.claude-mem\.json id/);
    });

    await t.test("the new member's first SessionStart carries the team's memory, marked", () => {
      for (const fn of [...allFns('alice'), ...allFns('bob')]) {
        assert.match(lineOf(carolFirst, fn) ?? `${fn} missing`, / \[by (alice|bob)\] /, fn);
      }
    });

    await t.test(
      "the second machine's first SessionStart has the first machine's rows as its own",
      () => {
        for (const fn of allFns('alice'))
          assert.doesNotMatch(lineOf(laptopFirst, fn) ?? `${fn} missing [by x]`, /\[by /, fn);
        for (const fn of allFns('bob'))
          assert.match(lineOf(laptopFirst, fn) ?? `${fn} missing`, / \[by bob\] /, fn);
      },
    );

    const machines = [
      { member: alice, role: 'alice' },
      { member: bob, role: 'bob' },
      { member: carol, role: 'carol' },
      { member: laptop, role: 'alice' },
    ];
    const total = machines.length * SESSIONS * PROMPTS * 2;
    const rows = await eventually(`${total} rows on the server`, () => {
      const found = serverRows(server);
      return found.length >= total ? found : undefined;
    });

    await t.test('every shared observation and summary reaches every other store', async () => {
      assert.equal(rows.length, total);
      assert.deepEqual(
        rows.filter((row) => row.kind === 'summary').length,
        total / 2,
        'a summary of every turn',
      );
      for (const { member, role } of machines) {
        const stored = await eventually(`every row in ${member.project}`, () => {
          const held = storedRows(member);
          return rows.every((row) => held.has(row.id)) ? held : undefined;
        });
        const authors = rows.map((row) => stored.get(row.id));
        assert.deepEqual(
          authors,
          rows.map((row) => (row.author === role ? '' : row.author)),
          `${member.project}: teammates' rows by their author, this role's own as its own`,
        );
      }
    });

    const everyFn = ['alice', 'bob', 'carol', 'laptop'].flatMap(allFns);
    await t.test("every shared observation is in every member's search", async () => {
      for (const { member } of machines) {
        for (const fn of everyFn) {
          const found = (await member.get(
            `/api/search?q=${fn}&project=${encodeURIComponent(member.project)}`,
          )) as { items: { title: string }[] };
          assert.ok(
            found.items.some((item) => item.title.endsWith(`added function ${fn}`)),
            `${member.project} finds ${fn}`,
          );
        }
      }
    });

    await t.test(
      "every shared observation is in every member's SessionStart, teammates' marked",
      async () => {
        for (const { member, role } of machines) {
          const context = member.contextOf(
            await member.hook(`${member.project}-check`, 'SessionStart', { source: 'startup' }),
          );
          for (const who of ['alice', 'bob', 'carol', 'laptop']) {
            const author = who === 'laptop' ? 'alice' : who;
            for (const fn of allFns(who)) {
              const line = lineOf(context, fn) ?? `${fn} missing from ${member.project}`;
              if (author === role) assert.doesNotMatch(line, /\[by /, line);
              else assert.match(line, new RegExp(` \\[by ${author}\\] `), line);
            }
          }
        }
      },
    );

    await t.test('the marker of every prompt is in no column of any server table', () => {
      const tables = server
        .sql(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'claude_mem'`)
        .trim()
        .split('\n');
      assert.ok(tables.includes('memories'), tables.join(','));
      const holding = tables.filter(
        (table) =>
          server.sql(
            `SELECT count(*) FROM claude_mem."${table}" x WHERE x::text ILIKE '%${MARK}%'`,
          ) !== '0\n',
      );
      assert.deepEqual(holding, []);
      const prompts = alice.query<{ n: number }>(
        `SELECT count(*) AS n FROM prompts WHERE text LIKE '%${MARK}%'`,
      );
      assert.equal(prompts[0]?.n, SESSIONS * PROMPTS, 'the prompts are kept at home');
    });

    flood(bob, FLOOD);
    await eventually(
      `bob's ${FLOOD} rows in alice's store`,
      () => {
        const [row] = alice.query<{ n: number }>(
          `SELECT count(*) AS n FROM observations WHERE author = 'bob' AND title LIKE 'Refund run %'`,
        );
        return row?.n === FLOOD ? true : undefined;
      },
      240_000,
    );
    const own = [...allFns('alice'), ...allFns('laptop')];

    await t.test(
      'after the flood, SessionStart still lists all of her own, and marks the rest',
      async () => {
        const context = alice.contextOf(
          await alice.hook('alice-flood', 'SessionStart', { source: 'startup' }),
        );
        for (const fn of own)
          assert.doesNotMatch(lineOf(context, fn) ?? `${fn} missing [by x]`, /\[by /);
        const others = linesOf(context).filter(
          (line) => !own.some((fn) => line.includes(`added function ${fn} `)),
        );
        assert.ok(others.length > 0);
        for (const line of others) assert.match(line, / \[by (bob|carol)\] /, line);
      },
    );

    await t.test(
      'after the flood, prompt-time recall puts her own first and marks the rest',
      async () => {
        const run = await alice.hook('alice-prompt', 'UserPromptSubmit', {
          // One rare word, held by her memory and 30 of bob's newer flood rows.
          prompt: `${MARK} what about ${fnOf('alice', 1, 1)}?`,
        });
        const lines = linesOf(alice.contextOf(run));
        assert.ok(lines.length >= 2, run.stdout);
        assert.match(lines[0] ?? '', new RegExp(`added function ${fnOf('alice', 1, 1)} \\(~`));
        for (const line of lines.slice(1)) assert.match(line, / \[by bob\] /, line);
      },
    );

    await t.test(
      'after the flood, file-time recall puts her own first and marks the rest',
      async () => {
        const read = (file: string) =>
          alice.hook('alice-file', 'PreToolUse', {
            tool_name: 'Read',
            tool_use_id: `read-${file}`,
            tool_input: { file_path: join(alice.root, file) },
          });
        const ledger = linesOf(alice.contextOf(await read(LEDGER)));
        assert.equal(ledger.length, 2);
        for (const line of ledger)
          assert.ok(
            own.some((fn) => line.includes(`added function ${fn} (~`)),
            line,
          );
        const refunds = linesOf(alice.contextOf(await read('src/billing/refunds.ts')));
        assert.equal(refunds.length, 2);
        for (const line of refunds) assert.match(line, / \[by bob\] /, line);
      },
    );
  },
);
