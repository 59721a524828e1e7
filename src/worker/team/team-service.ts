import { Hono } from 'hono';
import { loadSettings } from '../../config/index.ts';
import { outboxBacklog, setAsideReport, teamProjects } from '../../store/index.ts';
import { createTeamSync, shownUrl, stallOf, type TeamTarget } from '../../team/index.ts';
import type { WorkerService } from '../service.ts';
import { createFirstPullWait, type FirstPullWait } from './first-pull-wait.ts';
import type { WorkerDeps } from '../worker-deps.ts';

type Target = TeamTarget & { everyMs: number; stepMs: number };

/**
 * How long the first SessionStart of a never-pulled team project waits for its first pull:
 * within the hook's 3 s wait for the context, with room to build it.
 */
const FIRST_PULL_WAIT_MS = 2_000;

/** At most this long a pulled page waits for hook requests in flight to be answered. */
const HOOK_PRIORITY_MS = 3_000;

/**
 * What the pull awaits before each slice: hook requests in flight answered first, then a pause
 * as long as the slice before took, while a session is active.
 */
function paced(deps: WorkerDeps): () => Promise<void> {
  let sliceStarted: number | undefined;
  return async function beforeSlice() {
    const traffic = deps.hookTraffic;
    if (traffic) {
      await traffic.quiet(HOOK_PRIORITY_MS);
      if (sliceStarted !== undefined) await traffic.pace(Date.now() - sliceStarted);
    }
    sliceStarted = Date.now();
  };
}

/** Overrides for tests. */
export interface TeamServiceOptions {
  /** Where to sync and how often; default: read afresh from the settings every round. */
  settings?: () => Target;
}

function fromSettings(deps: WorkerDeps): () => Target {
  return () => {
    const { settings } = loadSettings(deps.dataDir, process.env);
    return {
      url: settings['team.url'],
      team: settings['team.name'],
      everyMs: settings['team.syncEveryMs'],
      stepMs: settings['team.stallAfterMs'],
    };
  };
}

/**
 * Team sync in the worker: rounds of push then pull, every `team.syncEveryMs`, only while
 * `team.url` is set (a round reads the settings, so `team connect`/`disconnect` apply without a
 * restart). The network is touched only by these rounds, on timers: ingest, hooks, context and
 * search never wait for it. Errors go to the log and to GET /api/team/status.
 */
export function createTeamService(
  deps: WorkerDeps,
  options: TeamServiceOptions = {},
): WorkerService & { firstPull: FirstPullWait } {
  const settings = options.settings ?? fromSettings(deps);
  const sync = createTeamSync({
    db: deps.db,
    dataDir: deps.dataDir,
    now: deps.now,
    log: deps.log,
    target: settings,
    // A hook that asked while a slice was written is answered before the next slice, and
    // while a session is active the pull takes at most about half the time (pace).
    beforePage: paced(deps),
  });
  const firstPull = createFirstPullWait({
    db: deps.db,
    sync,
    configured: () => settings().url !== '',
    waitMs: FIRST_PULL_WAIT_MS,
  });
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const status = () => {
    const target = settings();
    const state = sync.state();
    return {
      ...state,
      configured: target.url !== '',
      // Never a password: settings hold none after "team connect", but a hand-edited one might.
      url: target.url ? shownUrl(target.url) : null,
      stall: target.url ? stallOf(state, deps.now(), target.stepMs) : null,
      team: target.team,
      backlog: outboxBacklog(deps.db),
      setAside: setAsideReport(deps.db, 'pull'),
      projects: teamProjects(deps.db),
    };
  };
  const tick = async (): Promise<void> => {
    if (settings().url !== '') await sync.syncNow();
    if (!stopped) {
      timer = setTimeout(() => void tick(), settings().everyMs);
      timer.unref();
    }
  };
  const routes = new Hono()
    .get('/api/team/status', (c) => c.json(status()))
    .post('/api/team/sync', async (c) => {
      await sync.syncNow();
      return c.json(status());
    });
  return {
    name: 'team',
    routes,
    firstPull,
    start() {
      timer = setTimeout(() => void tick(), 200);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await sync.close();
    },
  };
}
