import { readFileSync } from 'node:fs';
import { liveWorker } from '../../src/client/index.ts';
import { runHookProcess, type HookRun } from '../../src/cli/hook-process.ts';
import { HOOK_BUNDLE, type TestHome } from './env.ts';

/** How hard and how long to soak. */
export interface SoakOptions {
  /** Wall time of the load phase. */
  durationMs: number;
  /** Simulated Claude Code sessions running at once. */
  sessions: number;
  /** The worker is killed (SIGTERM and SIGKILL in turn) this often during the load... */
  restartEveryMs: number;
  /** ...except during this last stretch, over which its memory is watched for growth. */
  quietTailMs: number;
  seed: number;
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
  deadline: number;
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

/** One simulated session: start, turns until the deadline, end. */
export async function session(lane: Lane): Promise<void> {
  await hook(lane, 'SessionStart', { source: 'startup' });
  for (let n = 1; Date.now() < lane.deadline; n += 1) await turn(lane, n);
  await hook(lane, 'SessionEnd', { reason: 'logout' });
}

/** Kills the worker every `everyMs` until `until` (SIGTERM and SIGKILL in turn). */
export async function restarter(home: TestHome, everyMs: number, until: number, load: SoakLoad) {
  // Signals alternate over the kills made, not the attempts: a worker still down when its turn
  // came (the hooks had not restarted it yet) must not cost the soak its SIGKILL.
  // No kill lands after `until`, however late a loaded event loop wakes this up: the quiet tail
  // that the memory check reads must stay as long as asked.
  let kills = 0;
  while (Date.now() + everyMs < until) {
    await sleep(everyMs);
    if (Date.now() > until) break;
    const info = liveWorker(home.dataDir);
    if (!info) continue;
    const signal = kills % 2 === 0 ? 'SIGTERM' : 'SIGKILL';
    process.kill(info.pid, signal);
    kills += 1;
    load.restarts[signal === 'SIGTERM' ? 'sigterm' : 'sigkill'] += 1;
  }
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
