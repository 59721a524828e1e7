// The live half of bench/team-sync.ts: real workers and the real hook bundle (dist/), members
// joined as test/helpers/team-scenario.ts joins them, syncing on their own timers.
import { runHookProcess } from '../../src/cli/hook-process.ts';
import { queryDb } from '../../test/helpers/db.ts';
import { HOOK_BUNDLE } from '../../test/helpers/env.ts';
import type { PostgresServer } from '../../test/helpers/postgres-server.ts';
import { joinTeam, type ScenarioMember } from '../../test/helpers/team-scenario.ts';
import { startWorker, stopWorker } from '../../test/helpers/worker.ts';
import { msSince } from './stats.ts';

type Scope = { after(fn: () => void | Promise<void>): void };

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Two members' machines on one repository, their workers syncing every `everyMs`. */
export async function liveMembers(
  scope: Scope,
  server: PostgresServer,
  roles: [string, string],
  everyMs: number,
): Promise<[ScenarioMember, ScenarioMember]> {
  const env = { CLAUDE_MEM_TEAM_SYNC_EVERY_MS: String(everyMs) };
  return Promise.all([
    joinTeam(
      scope,
      server,
      { role: roles[0], folder: 'widget', remote: 'git@host:acme/widget.git' },
      env,
    ),
    joinTeam(
      scope,
      server,
      { role: roles[1], folder: 'widget-b', remote: 'https://host/acme/widget' },
      env,
    ),
  ]);
}

/** Whether `member`'s search finds the function `fn` (full text, through its worker). */
async function finds(member: ScenarioMember, fn: string): Promise<boolean> {
  const found = (await member.get(
    `/api/search?q=${fn}&mode=fts&project=${encodeURIComponent(member.project)}`,
  )) as { items?: { title: string }[] };
  return (found.items ?? []).some((item) => item.title.endsWith(fn));
}

/** When a probe reached each stage, in ms from its first hook. */
export interface ProbeStages {
  /** The turn's hooks returned (captured). */
  captured: number;
  /** Compressed into an observation in the capturing member's store. */
  stored: number;
  /** Pushed: no longer queued in its outbox. */
  pushed: number;
  /** In the teammate's store. */
  pulled: number;
  /** Found by the teammate's search. */
  found: number;
}

/** The stage `fn`'s observation is at in `a` (stored, pushed) and `b` (pulled). */
function stageOf(a: ScenarioMember, b: ScenarioMember, fn: string) {
  const [mine] = queryDb<{ queued: number }>(
    a.home.dataDir,
    `SELECT (SELECT count(*) FROM team_outbox q WHERE q.kind = 'observation' AND q.item_id = o.id)
       AS queued FROM observations o WHERE o.title LIKE ?`,
    `%${fn}`,
  );
  const theirs = queryDb(b.home.dataDir, 'SELECT 1 FROM observations WHERE title LIKE ?', `%${fn}`);
  return { stored: mine !== undefined, pushed: mine?.queued === 0, pulled: theirs.length > 0 };
}

/**
 * Capture to a teammate's search: a turn (prompt, edit, Stop) through `a`'s hooks, timed from
 * its first hook until `b`'s search finds the function it added, with the time each stage was
 * first seen. Both workers sync on their own timers: what a user waits, compression and both
 * sync rounds included.
 */
export async function captureToSearch(
  a: ScenarioMember,
  b: ScenarioMember,
  probes: number,
): Promise<ProbeStages[]> {
  const samples: ProbeStages[] = [];
  for (let i = 0; i < probes; i += 1) {
    const fn = `probe${i}x${Date.now().toString(36)}`;
    const started = process.hrtime.bigint();
    await a.turn(`probe-${i}`, 1, { prompt: 'add a probe', file: 'src/probe.ts', fn });
    const seen: Partial<ProbeStages> = { captured: msSince(started) };
    while (seen.found === undefined) {
      const stage = stageOf(a, b, fn);
      for (const key of ['stored', 'pushed', 'pulled'] as const) {
        if (stage[key] && seen[key] === undefined) seen[key] = msSince(started);
      }
      if (await finds(b, fn)) seen.found = msSince(started);
      else await sleep(25);
    }
    const found = seen.found;
    samples.push({
      captured: seen.captured ?? found,
      stored: seen.stored ?? found,
      pushed: seen.pushed ?? found,
      pulled: seen.pulled ?? found,
      found,
    });
  }
  return samples;
}

/** Wall times of SessionStart and PostToolUse hooks of `member`, and whether contexts came. */
export interface HookTimes {
  sessionStart: number[];
  tool: number[];
  /** The worker's answer to the context request alone (HTTP, no hook process). */
  contextRoute: number[];
  /** SessionStart answers that carried a context. */
  withContext: number;
}

async function sample(member: ScenarioMember, i: number, into: HookTimes): Promise<void> {
  const session = `bench-${i}-${Date.now()}`;
  const payload = (event: string, extra: Record<string, unknown>) =>
    JSON.stringify({
      session_id: session,
      transcript_path: '',
      cwd: member.root,
      hook_event_name: event,
      ...extra,
    });
  let started = process.hrtime.bigint();
  const start = await runHookProcess(
    HOOK_BUNDLE,
    'SessionStart',
    payload('SessionStart', { source: 'startup' }),
    member.home.env,
  );
  into.sessionStart.push(msSince(started));
  if (member.contextOf(start) !== '') into.withContext += 1;
  const tool = {
    tool_name: 'Bash',
    tool_use_id: `${session}-bash`,
    tool_input: { command: 'npm test' },
    tool_response: { stdout: 'ok' },
  };
  started = process.hrtime.bigint();
  await runHookProcess(HOOK_BUNDLE, 'PostToolUse', payload('PostToolUse', tool), member.home.env);
  into.tool.push(msSince(started));
  started = process.hrtime.bigint();
  await member.get(`/api/context?source=startup&cwd=${encodeURIComponent(member.root)}`);
  into.contextRoute.push(msSince(started));
}

/** How many of `author`'s rows `member`'s store holds. */
const pulledBy = (member: ScenarioMember, author: string): number =>
  queryDb<{ n: number }>(
    member.home.dataDir,
    'SELECT count(*) AS n FROM observations WHERE author = ?',
    author,
  )[0]?.n ?? 0;

/**
 * Hook wall times of `member` idle (`idleSamples` of each), then while its worker pulls `rows`
 * rows of `author` that `flood` put on the server while the worker was stopped (sampled back to
 * back until the last row is in), then idle again with those rows in. Returns the three, and
 * how long the pull took.
 */
export async function hooksDuringPull(
  member: ScenarioMember,
  flood: () => Promise<void>,
  author: string,
  rows: number,
  idleSamples: number,
): Promise<{ idle: HookTimes; pulling: HookTimes; after: HookTimes; pullMs: number }> {
  const idle: HookTimes = { sessionStart: [], tool: [], contextRoute: [], withContext: 0 };
  for (let i = 0; i < idleSamples; i += 1) await sample(member, i, idle);
  await stopWorker(member.home);
  await flood();
  const pulling: HookTimes = { sessionStart: [], tool: [], contextRoute: [], withContext: 0 };
  const started = process.hrtime.bigint();
  await startWorker(member.home);
  for (let i = 0; pulledBy(member, author) < rows; i += 1) await sample(member, i, pulling);
  const pullMs = msSince(started);
  // Idle again, with the pulled rows in the store: the context of a larger memory costs more.
  const after: HookTimes = { sessionStart: [], tool: [], contextRoute: [], withContext: 0 };
  for (let i = 0; i < idleSamples; i += 1) await sample(member, i, after);
  return { idle, pulling, after, pullMs };
}
