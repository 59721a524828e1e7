import { Hono } from 'hono';
import { viewerFeedRoutes } from './viewer-feed-routes.ts';
import { viewerMemoryRoutes } from './viewer-memory-routes.ts';
import { teamShareRoutes } from '../team/team-share-routes.ts';
import { viewerOverviewRoutes } from './viewer-overview-routes.ts';
import { viewerSettingsRoutes } from './viewer-settings-routes.ts';
import { viewerStaticRoutes } from './viewer-static-routes.ts';
import { viewerStatusRoutes } from './viewer-status-routes.ts';
import { viewerStreamRoutes } from './viewer-stream-routes.ts';
import type { WorkerService } from '../service.ts';
import { createLiveFeed } from './viewer-live.ts';
import { defaultUiDir } from './viewer-static.ts';
import type { WorkerDeps } from '../worker-deps.ts';

/** Overrides for tests. */
export interface ViewerOptions {
  /** The built UI; default dist/ui (see defaultUiDir). */
  uiDir?: string | undefined;
  /** Where the settings page reads environment overrides; default process.env. */
  env?: NodeJS.ProcessEnv;
  liveIntervalMs?: number;
  heartbeatMs?: number;
}

/**
 * The viewer: the React app at `/` (signed in by cookie, see security.ts), the live stream at
 * `/stream`, the feed, stats, projects, overview, usage, settings, logs and memory edits it uses.
 */
export function createViewerService(deps: WorkerDeps, options: ViewerOptions = {}): WorkerService {
  const live = createLiveFeed({
    db: deps.db,
    dataDir: deps.dataDir,
    now: deps.now,
    log: deps.log,
    intervalMs: options.liveIntervalMs,
    heartbeatMs: options.heartbeatMs,
  });
  const uiDir = 'uiDir' in options ? options.uiDir : defaultUiDir();
  const routes = new Hono();
  for (const family of [
    viewerFeedRoutes(deps),
    viewerMemoryRoutes(deps),
    teamShareRoutes(deps),
    viewerOverviewRoutes(deps),
    viewerSettingsRoutes(deps, options.env ?? process.env),
    viewerStatusRoutes(deps),
    viewerStreamRoutes(live),
    viewerStaticRoutes(uiDir),
  ]) {
    routes.route('/', family);
  }
  return {
    name: 'viewer',
    routes,
    onApplied: () => live.kick(),
    stop: async () => live.stop(),
  };
}
