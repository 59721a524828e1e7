import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic, type Settings } from '../../config/index.ts';
import { createReplayWorker, type ReplayWorker } from '../../worker/index.ts';
import type { Progress } from '../backfill/progress.ts';
import { sessionEvents } from '../backfill/session-events.ts';
import type { SessionPlan } from '../backfill/session-plan.ts';
import { emptyHistory, remember, type History } from './eval-history.ts';
import { replaySession } from './eval-session.ts';
import type { SessionResult } from './eval-types.ts';

/** How far a run got, saved with a copy of its store: an interrupted run resumes from here. */
interface EvalState {
  v: 1;
  results: SessionResult[];
  history: History;
}

/** One configuration replayed over every session. */
export interface EvalRunOptions {
  plans: readonly SessionPlan[];
  /** The settings the replay worker runs with (the user's, the run's overrides applied). */
  settings: Settings;
  /** A throwaway folder of this run alone (never the user's data folder). */
  workDir: string;
  env?: NodeJS.ProcessEnv;
  progress?: Progress | undefined;
  /** How often the store is copied aside for a resume (wall clock, ms). */
  checkpointEveryMs?: number;
  wallClock?: () => number;
}

const files = (workDir: string) => ({
  data: join(workDir, 'data'),
  state: join(workDir, 'eval-state.json'),
  checkpoint: join(workDir, 'checkpoint.db'),
  markers: join(workDir, 'markers'),
});

/** The saved state with its store put back in place, or a fresh start. */
function resume(workDir: string): EvalState {
  const at = files(workDir);
  rmSync(at.data, { recursive: true, force: true });
  mkdirSync(at.data, { recursive: true, mode: 0o700 });
  mkdirSync(join(at.markers, 'state'), { recursive: true, mode: 0o700 });
  try {
    const state = JSON.parse(readFileSync(at.state, 'utf8')) as EvalState;
    if (state.v === 1 && existsSync(at.checkpoint)) {
      copyFileSync(at.checkpoint, join(at.data, 'claude-mem.db'));
      return state;
    }
  } catch {
    // No state or an unreadable one: start over.
  }
  return { v: 1, results: [], history: emptyHistory() };
}

async function checkpoint(worker: ReplayWorker, workDir: string, state: EvalState) {
  const at = files(workDir);
  // The copy first, then the state naming it: a kill between them resumes from the older pair.
  await worker.db.backup(`${at.checkpoint}.tmp`);
  renameSync(`${at.checkpoint}.tmp`, at.checkpoint);
  writeFileAtomic(at.state, JSON.stringify(state));
}

/**
 * Replays the sessions oldest first into a store in `workDir`, each session's moments asked
 * as its hooks would, and returns one result per session. Every `checkpointEveryMs` (and at the
 * end) the store and the results so far are saved in `workDir`: run again with the same
 * `workDir` after an interruption, it goes on from the last save.
 */
export async function runEval(options: EvalRunOptions): Promise<SessionResult[]> {
  const at = files(options.workDir);
  const state = resume(options.workDir);
  const wallClock = options.wallClock ?? Date.now;
  let clock = options.plans[0]?.firstAt ?? 0;
  const worker = createReplayWorker({
    dataDir: at.data,
    settings: options.settings,
    now: () => clock,
    env: options.env,
  });
  let saved = wallClock();
  try {
    for (const plan of options.plans.slice(state.results.length)) {
      const events = sessionEvents(plan, { settings: options.settings, markerDir: at.markers });
      const run = { plan, worker, history: state.history, setClock: (t: number) => (clock = t) };
      state.results.push(await replaySession(events, run));
      remember(state.history, plan.sessionId, events);
      options.progress?.update(state.results.length, turnsOf(state.results));
      if (wallClock() - saved >= (options.checkpointEveryMs ?? 15_000)) {
        await checkpoint(worker, options.workDir, state);
        saved = wallClock();
      }
    }
    await checkpoint(worker, options.workDir, state);
  } finally {
    await worker.close();
    options.progress?.finish();
  }
  return state.results;
}

const turnsOf = (results: readonly SessionResult[]): number =>
  results.reduce((sum, result) => sum + result.turns, 0);
