import { readFileSync } from 'node:fs';
import { liveWorker } from '../../src/client/index.ts';
import { runHookProcess, type HookRun } from '../../src/cli/hook-process.ts';
import { HOOK_BUNDLE, type TestHome } from './env.ts';

/** How hard and how long to soak. */
export interface SoakOptions {
  /**
   * Wall time of the load phase on an idle machine. A loaded one takes longer: the load goes on
   * until every condition holds (a SIGTERM and a SIGKILL landed, the worker back, the quiet tail
   * run, `until`), however long that takes, up to `maxMs`.
   */
  durationMs: number;
  /** Simulated Claude Code sessions running at once. */
  sessions: number;
  /**
   * The worker is killed (SIGTERM and SIGKILL in turn) this long after the previous kill's
   * worker came back, while the load is younger than `durationMs - quietTailMs`, and at least
   * once with each signal whatever the clock says...
   */
  restartEveryMs: number;
  /** ...then, once the last worker is back, this long, over which its memory is watched. */
  quietTailMs: number;
  seed: number;
  /** More the load must have seen before it ends (checked after the tail, every 250 ms). */
  until?: () => boolean;
  /** The load ends here even if a condition still does not hold (the checks then say which). */
  maxMs?: number;
}

/** Every hook run of the soak and what it was meant to leave behind. */
export interface SoakLoad {
  /** `private`: a fully private prompt, which must get the bare neutral answer (no recall). */
  runs: Array<{ event: string; run: HookRun; private?: boolean }>;
  /** tool_use_ids that must be stored: not in capture.skipTools, not in a private turn. */
  expectedTools: Set<string>;
  /** tool_use_ids that capture drops on purpose (skip list, private turns). */
  droppedTools: Set<string>;
  visiblePrompts: number;
  restarts: { sigterm: number; sigkill: number };
  /** Worker RSS samples: ms since the start, pid, kB. */
  rss: Array<{ at: number; pid: number; kb: number }>;
  /** How the fake provider answered, by kind. */
  replies: Record<string, number>;
  loadMs: number;
}

const SKIPPED_TOOL = 'TodoWrite';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** mulberry32: a seeded PRNG, so a soak's schedule and chaos are the same every run. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let z = Math.imul(state ^ (state >>> 15), 1 | state);
    z = (z + Math.imul(z ^ (z >>> 7), 61 | z)) ^ z;
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
}

/** One simulated session's state. */
export interface Lane {
  session: string;
  random: () => number;
  /** False once the load is over: the session ends after the turn it is in. */
  running: () => boolean;
  load: SoakLoad;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

async function hook(
  lane: Lane,
  event: string,
  fields: Record<string, unknown>,
  privateRun = false,
): Promise<void> {
  const payload = {
    session_id: lane.session,
    transcript_path: '',
    cwd: lane.cwd,
    hook_event_name: event,
    ...fields,
  };
  const run = await runHookProcess(HOOK_BUNDLE, event, JSON.stringify(payload), lane.env);
  lane.load.runs.push(privateRun ? { event, run, private: true } : { event, run });
}

/** One tool call of a burst: mostly Read/Edit/Bash/Grep, sometimes a tool capture skips. */
function toolCall(lane: Lane, turn: number, i: number, privateTurn: boolean) {
  const id = `toolu_${lane.session}_${turn}_${i}`;
  const pick = lane.random();
  const name =
    pick < 0.05 ? SKIPPED_TOOL : (['Read', 'Edit', 'Bash', 'Grep'][Math.floor(pick * 4)] ?? 'Read');
  const dropped = privateTurn || name === SKIPPED_TOOL;
  (dropped ? lane.load.droppedTools : lane.load.expectedTools).add(id);
  const file = `/repo/src/module-${turn}-${i}.ts`;
  const input =
    name === 'Bash'
      ? { command: `npm test -- ${file}` }
      : name === 'Grep'
        ? { pattern: `fn${i}` }
        : { file_path: file };
  const response = {
    stdout: `ok ${id}\n${'line of output\n'.repeat(1 + Math.floor(lane.random() * 40))}`,
  };
  return { tool_name: name, tool_use_id: id, tool_input: input, tool_response: response };
}

/** One turn: a prompt (1 in 20 fully private), a burst of tool calls 1-3 at a time, a Stop. */
async function turn(lane: Lane, n: number): Promise<void> {
  const privateTurn = lane.random() < 0.05;
  const prompt = privateTurn ? '<private>my bank details</private>' : `step ${n}: fix module ${n}`;
  await hook(lane, 'UserPromptSubmit', { prompt }, privateTurn);
  if (!privateTurn) lane.load.visiblePrompts += 1;
  const calls = 1 + Math.floor(lane.random() * 8);
  for (let i = 0; i < calls;) {
    const parallel = Math.min(calls - i, 1 + Math.floor(lane.random() * 3));
    await Promise.all(
      Array.from({ length: parallel }, (_, k) =>
        hook(lane, 'PostToolUse', toolCall(lane, n, i + k, privateTurn)),
      ),
    );
    i += parallel;
  }
  await hook(lane, 'Stop', { last_assistant_message: `done with step ${n}` });
}

/** One simulated session: start, at least one turn and more while the load runs, end. */
export async function session(lane: Lane): Promise<void> {
  await hook(lane, 'SessionStart', { source: 'startup' });
  let n = 1;
  do await turn(lane, n++);
  while (lane.running());
  await hook(lane, 'SessionEnd', { reason: 'logout' });
}

/** How the restarter kills: how often, until when, how long a worker may take to come back. */
export interface KillPlan {
  everyMs: number;
  /** No kill starts after this time, once a SIGTERM and a SIGKILL have landed. */
  killUntil: number;
  /** A generous deadline, not a budget: a worker not back by then is a failure of the product. */
  backWithinMs: number;
}

/**
 * The worker of `home` once one runs again (the hooks start it after a kill), read from its PID
 * file, which a worker writes once it listens; throws, naming the wait, if none does within
 * `timeoutMs`. No HTTP from here: this process spawns hooks by the dozen, each spawn blocking its
 * event loop, and on a loaded machine a request's own timer fires before its answer is read.
 */
async function workerBack(home: TestHome, timeoutMs: number): Promise<{ pid: number }> {
  const deadline = Date.now() + timeoutMs;
  let info = liveWorker(home.dataDir);
  while (!info && Date.now() < deadline) {
    await sleep(100);
    info = liveWorker(home.dataDir);
  }
  if (!info) throw new Error(`no worker of ${home.dataDir} came back within ${timeoutMs} ms`);
  return info;
}

/**
 * Kills the worker (SIGTERM and SIGKILL in turn), each time `everyMs` after the previous one came
 * back, until `killUntil` but at least once with each signal; resolves once the last one is back.
 * Each kill waits for a worker that listens: on a loaded machine a restart takes seconds, and a
 * kill aimed at a worker still starting would not test what a kill of a running one does.
 */
export async function restarter(home: TestHome, plan: KillPlan, load: SoakLoad): Promise<void> {
  const { restarts } = load;
  const due = () => restarts.sigterm < 1 || restarts.sigkill < 1 || Date.now() < plan.killUntil;
  await workerBack(home, plan.backWithinMs);
  while (due()) {
    await sleep(plan.everyMs);
    const { pid } = await workerBack(home, plan.backWithinMs);
    const signal = restarts.sigterm <= restarts.sigkill ? 'SIGTERM' : 'SIGKILL';
    process.kill(pid, signal);
    restarts[signal === 'SIGTERM' ? 'sigterm' : 'sigkill'] += 1;
    // The killed worker must be gone before the wait for the next one can mean anything.
    const gone = Date.now() + plan.backWithinMs;
    while (liveWorker(home.dataDir)?.pid === pid && Date.now() < gone) await sleep(50);
  }
  await workerBack(home, plan.backWithinMs);
}

/** VmRSS of `pid` in kB, or undefined when it is gone. */
export function rssKb(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Samples the live worker's RSS four times a second into `load.rss`. */
export function sampleRss(home: TestHome, start: number, load: SoakLoad): NodeJS.Timeout {
  return setInterval(() => {
    const info = liveWorker(home.dataDir);
    const kb = info ? rssKb(info.pid) : undefined;
    if (info && kb !== undefined) load.rss.push({ at: Date.now() - start, pid: info.pid, kb });
  }, 250);
}
