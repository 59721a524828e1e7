// Team sync into one PostgreSQL: M simulated members (each its own local SQLite store and its own
// PostgreSQL role, through RLS) push N shared observations each, all at once; then pull latency
// (a push on one member to the row being found by full-text search in another member's store,
// the other member syncing back to back); and the server's bytes per observation. Baseline, in
// the same run and server: the same rows by plain `INSERT ... ON CONFLICT` from one client into a
// table with no RLS, trigger or lock. The PostgreSQL is started here (test/helpers).
// Members run in this one process: their SQLite reads share a thread, their server work is
// concurrent (one connection each).
// First, live (bench/lib/team-live.ts: real workers, the real hook bundle in dist/, run `npm run
// build` first): capture on one member to found by a teammate's search against team.syncEveryMs,
// and SessionStart and PostToolUse hook wall times while a worker pulls --pull-rows rows, as
// ratios to the same hooks idle in the same run.
// Usage: node --import tsx bench/team-sync.ts [--members 10] [--per-member 10000] [--probes 30]
//   [--sync-every 5000] [--live-probes 10] [--pull-rows 50000] [--idle-samples 10]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../src/config/index.ts';
import { openDatabase, type Db } from '../src/store/index.ts';
import { clientConfig, createTeamSync, withClient } from '../src/team/index.ts';
import { pushOutbox } from '../src/team/push.ts';
import {
  postgresMissing,
  startPostgres,
  type PostgresServer,
} from '../test/helpers/postgres-server.ts';
import { makeClone, setUpTeam } from '../test/helpers/team-fixture.ts';
import { flags } from './lib/recall-stack.ts';
import { captureToSearch, hooksDuringPull, liveMembers, type HookTimes } from './lib/team-live.ts';
import { fixed, msSince, printTable, summarize } from './lib/stats.ts';
import { random, vocabulary } from './lib/synthetic.ts';

const args = flags();
const MEMBERS = Number(args.get('members') ?? 10);
const PER_MEMBER = Number(args.get('per-member') ?? 10_000);
const PROBES = Number(args.get('probes') ?? 30);
const SYNC_EVERY = Number(args.get('sync-every') ?? 5000);
const LIVE_PROBES = Number(args.get('live-probes') ?? 10);
const PULL_ROWS = Number(args.get('pull-rows') ?? 50_000);
const IDLE_SAMPLES = Number(args.get('idle-samples') ?? 10);

const cleanups: Array<() => void | Promise<void>> = [];
const scope = { after: (fn: () => void | Promise<void>) => void cleanups.push(fn) };
const root = mkdtempSync(join(tmpdir(), 'claude-mem-bench-team-'));
cleanups.push(() => rmSync(root, { recursive: true, force: true }));

interface Member {
  role: string;
  db: Db;
  dir: string;
}

/** A member's store: one session in a clone of the shared repository, `count` shared rows. */
function seedMember(role: string, count: number, seed: number): Member {
  const dir = join(root, role);
  const clone = makeClone(dir, 'widget', 'git@host:acme/widget.git');
  const db = openDatabase(join(dir, 'claude-mem.db'));
  cleanups.push(() => void db.close());
  const at = Date.now();
  db.prepare(
    `INSERT INTO sessions (session_id, project, project_root, cwd, started_at, updated_at) VALUES ('s', 'widget', ?, ?, ?, ?)`,
  ).run(clone, clone, at, at);
  db.prepare(
    `INSERT INTO team_projects (project, team_project) VALUES ('widget', 'host/acme/widget')`,
  ).run();
  const { draw } = vocabulary(5000, random(seed));
  const words = (n: number): string => Array.from({ length: n }, draw).join(' ');
  const insert = db.prepare(
    `INSERT INTO observations (session_id, project, type, title, narrative, facts, content_hash, created_at, updated_at, scope)
     VALUES (1, 'widget', 'discovery', ?, ?, ?, ?, ?, ?, 'team')`,
  );
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const facts = JSON.stringify([words(8), words(8)]);
      insert.run(`${role} ${words(6)}`, words(40), facts, `${role}-${i}`, at + i, at + i);
    }
  })();
  return { role, db, dir };
}

async function pushAll(
  server: { urlFor(role: string): string },
  members: Member[],
): Promise<number> {
  const started = process.hrtime.bigint();
  await Promise.all(
    members.map((m) =>
      withClient(clientConfig(server.urlFor(m.role)), (client) =>
        pushOutbox({
          db: m.db,
          client,
          team: 'acme',
          now: Date.now,
          teamProjectOf: () => 'host/acme/widget',
        }),
      ),
    ),
  );
  return msSince(started);
}

/** The same rows, plain: one client, INSERT ... ON CONFLICT in pages of 500, no RLS or trigger. */
async function baseline(adminUrl: string, members: Member[]): Promise<number> {
  return withClient(clientConfig(adminUrl), async (client) => {
    await client.query(`CREATE TABLE plain_memories (global_id uuid PRIMARY KEY, team text, project text,
      kind text, author text, version int, deleted boolean DEFAULT false, body jsonb, created_at bigint,
      seq bigserial)`);
    const started = process.hrtime.bigint();
    for (const m of members) {
      const rows = m.db
        .prepare(
          `SELECT global_id, version, created_at, type, title, subtitle, narrative, facts, concepts,
          files_read, files_modified, prompt_number FROM observations`,
        )
        .all() as Record<string, unknown>[];
      for (let i = 0; i < rows.length; i += 500) {
        const page = rows.slice(i, i + 500).map(({ global_id, version, created_at, ...body }) => ({
          global_id,
          version,
          created_at,
          body,
        }));
        await client.query(
          `INSERT INTO plain_memories (global_id, team, project, kind, author, version, body, created_at)
           SELECT x.global_id, 'acme', 'host/acme/widget', 'observation', $2, x.version, x.body, x.created_at
           FROM jsonb_to_recordset($1::jsonb) AS x(global_id uuid, version int, body jsonb, created_at bigint)
           ON CONFLICT (global_id) DO NOTHING`,
          [JSON.stringify(page), m.role],
        );
      }
    }
    return msSince(started);
  });
}

function seen(db: Db, word: string): boolean {
  return (
    db.prepare(`SELECT 1 FROM observations_fts WHERE observations_fts MATCH ?`).get(word) !==
    undefined
  );
}

async function pullLatency(server: PostgresServer, a: Member, b: Member) {
  const log = createLogger(root, 'bench', 'error');
  const engine = (m: Member) =>
    createTeamSync({
      db: m.db,
      dataDir: m.dir,
      now: Date.now,
      log,
      target: () => ({ url: server.urlFor(m.role), team: 'acme' }),
    });
  const [sa, sb] = [engine(a), engine(b)];
  // Only b's first pull is timed; a starts at the server's end.
  const last = Number(server.sql('SELECT max(seq) FROM claude_mem.memories'));
  a.db.prepare('UPDATE team_projects SET pulled_seq = ?').run(last);
  await sa.syncNow();
  const firstPull = process.hrtime.bigint();
  await sb.syncNow();
  const catchUp = msSince(firstPull);
  const caught = Number(
    b.db.prepare('SELECT count(*) FROM observations WHERE author IS NOT NULL').pluck().get(),
  );
  const samples: number[] = [];
  for (let i = 0; i < PROBES; i += 1) {
    const word = `probe${i}x${Date.now()}`;
    a.db
      .prepare(
        `INSERT INTO observations (session_id, project, type, title, content_hash, created_at, updated_at, scope)
       VALUES (1, 'widget', 'discovery', ?, ?, ?, ?, 'team')`,
      )
      .run(`probe ${word}`, word, Date.now(), Date.now());
    const started = process.hrtime.bigint();
    await sa.syncNow();
    while (!seen(b.db, word)) await sb.syncNow();
    samples.push(msSince(started));
  }
  await sa.close();
  await sb.close();
  return { catchUp, caught, samples };
}

/** p50 and p95 of `during` over those of `idle`, as a table row. */
function ratioRow(what: string, idle: number[], during: number[]): string[] {
  const [a, b] = [summarize(idle), summarize(during)];
  return [
    what,
    `${a.n} / ${b.n}`,
    `${fixed(a.p50)} / ${fixed(b.p50)}`,
    `${fixed(a.p95)} / ${fixed(b.p95)}`,
    `${fixed(b.p50 / a.p50, 2)}x / ${fixed(b.p95 / a.p95, 2)}x`,
  ];
}

/** The live half: capture to a teammate's search, and hooks during a large pull. */
async function live(server: PostgresServer): Promise<void> {
  const [a, b] = await liveMembers(scope, server, ['live_a', 'live_b'], SYNC_EVERY);
  const probes = await captureToSearch(a, b, LIVE_PROBES);
  const stages = ['captured', 'stored', 'pushed', 'pulled', 'found'] as const;
  printTable(
    [`capture to a teammate's search, team.syncEveryMs = ${SYNC_EVERY}`, 'n', 'p50 ms', 'p95 ms'],
    stages.map((stage) => {
      const times = summarize(probes.map((probe) => probe[stage]));
      return [stage, String(times.n), fixed(times.p50), fixed(times.p95)];
    }),
  );
  console.log('');
  const flood = async (): Promise<void> => {
    const flooder = seedMember('flooder', PULL_ROWS, 99);
    await pushAll(server, [flooder]);
  };
  const { idle, pulling, after, pullMs } = await hooksDuringPull(
    b,
    flood,
    'flooder',
    PULL_ROWS,
    IDLE_SAMPLES,
  );
  const contexts = (times: HookTimes) => `${times.withContext}/${times.sessionStart.length}`;
  printTable(
    [
      `hooks while a worker pulls ${PULL_ROWS} rows (${fixed(pullMs / 1000)} s)`,
      'n idle / pulling',
      'p50 ms',
      'p95 ms',
      'ratio p50 / p95',
    ],
    [
      ratioRow('SessionStart, to idle before', idle.sessionStart, pulling.sessionStart),
      ratioRow('SessionStart, to idle after', after.sessionStart, pulling.sessionStart),
      ratioRow('PostToolUse, to idle before', idle.tool, pulling.tool),
      ratioRow('PostToolUse, to idle after', after.tool, pulling.tool),
      ratioRow('GET /api/context alone, to idle before', idle.contextRoute, pulling.contextRoute),
      ratioRow('GET /api/context alone, to idle after', after.contextRoute, pulling.contextRoute),
    ],
  );
  console.log(
    `SessionStart answers with a context: idle ${contexts(idle)}, pulling ${contexts(pulling)}, after ${contexts(after)}\n`,
  );
}

async function main(): Promise<void> {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  const server = await startPostgres(scope);
  const roles = Array.from({ length: MEMBERS }, (_, i) => `member${i}`);
  await setUpTeam(scope as never, server, [...roles, 'live_a', 'live_b', 'flooder']);
  // Live first, on an empty server: the bulk rows below would be the live members' first pull.
  await live(server);
  const seedStart = process.hrtime.bigint();
  const members = roles.map((role, i) => seedMember(role, PER_MEMBER, i + 1));
  const total = MEMBERS * PER_MEMBER;
  console.log(
    `${MEMBERS} members x ${PER_MEMBER} shared observations seeded locally in ${fixed(msSince(seedStart) / 1000)} s`,
  );
  const pushMs = await pushAll(server, members);
  const baseMs = await baseline(server.adminUrl, members);
  // The live half's rows share the table: the bulk rows are the members' (the bytes: all rows).
  const count = server
    .sql(`SELECT count(*) FROM claude_mem.memories WHERE author LIKE 'member%'`)
    .trim();
  const allRows = Number(server.sql('SELECT count(*) FROM claude_mem.memories'));
  const bytes = Number(server.sql(`SELECT pg_total_relation_size('claude_mem.memories')`));
  const plainBytes = Number(server.sql(`SELECT pg_total_relation_size('plain_memories')`));
  const bodyBytes = Number(
    server.sql(`SELECT avg(octet_length(body::text)) FROM claude_mem.memories`),
  );
  console.log(`server rows: ${count} (expected ${total})\n`);
  printTable(
    ['push', 'rows', 'seconds', 'rows/s'],
    [
      [
        `team push, ${MEMBERS} members at once (RLS, trigger, advisory lock)`,
        String(total),
        fixed(pushMs / 1000),
        fixed(total / (pushMs / 1000), 0),
      ],
      [
        'baseline: plain INSERT ... ON CONFLICT, one client',
        String(total),
        fixed(baseMs / 1000),
        fixed(total / (baseMs / 1000), 0),
      ],
    ],
  );
  console.log('');
  const { catchUp, caught, samples } = await pullLatency(server, members[0]!, members[1]!);
  const latency = summarize(samples);
  printTable(
    ['pull', 'n', 'p50 ms', 'p95 ms'],
    [
      [
        `push on one member to found by another's search`,
        String(latency.n),
        fixed(latency.p50),
        fixed(latency.p95),
      ],
      [`first pull of ${caught} teammates' rows (one member)`, '1', fixed(catchUp), fixed(catchUp)],
    ],
  );
  console.log('');
  printTable(
    ['server bytes per observation', 'bytes'],
    [
      ['claude_mem.memories (table, index, TOAST)', fixed(bytes / allRows, 0)],
      ['baseline table', fixed(plainBytes / total, 0)],
      ['the JSON content itself', fixed(bodyBytes, 0)],
    ],
  );
}

try {
  await main();
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
