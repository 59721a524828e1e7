import { Hono } from 'hono';
import { loadSettings } from '../../config/index.ts';
import { outboxBacklog, setAsideReport, teamProjects } from '../../store/index.ts';
import { createTeamSync, shownUrl, stallOf, type TeamTarget } from '../../team/index.ts';
import type { WorkerService } from '../service.ts';
import type { WorkerDeps } from '../worker-deps.ts';

type Target = TeamTarget & { everyMs: number; stepMs: number };

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
): WorkerService {
  const settings = options.settings ?? fromSettings(deps);
  const sync = createTeamSync({
    db: deps.db,
    dataDir: deps.dataDir,
    now: deps.now,
    log: deps.log,
    target: settings,
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
