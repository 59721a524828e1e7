import { loadSettings, type Settings } from '../../config/index.ts';
import { ownProjects, proposeConsolidation } from '../../store/index.ts';
import type { WorkerService } from '../service.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { applyChangeset, consolidationRoutes, isEmpty } from './consolidation-routes.ts';

/** Test seams: how often to look, how long without ingest counts as idle, the settings. */
export interface ConsolidationOptions {
  checkEveryMs?: number;
  idleMs?: number;
  settings?: () => Settings;
}

/**
 * Consolidation routes, and the idle pass `consolidate.onIdle` asks for: after `idleMs` without
 * ingested events, each project's proposal is logged (`propose`) or applied and journaled
 * (`apply`, every rule being deterministic). Off by default: nothing changes without the user.
 */
export function createConsolidationService(
  deps: WorkerDeps,
  options: ConsolidationOptions = {},
): WorkerService & { idlePass(): void } {
  const settings = options.settings ?? (() => loadSettings(deps.dataDir, process.env).settings);
  const idleMs = options.idleMs ?? 10 * 60_000;
  let lastIngest = deps.now();
  let timer: NodeJS.Timeout | undefined;
  const idlePass = (): void => {
    const mode = settings()['consolidate.onIdle'];
    if (mode === 'off' || deps.now() - lastIngest < idleMs) return;
    try {
      for (const project of ownProjects(deps.db)) {
        const changeset = proposeConsolidation(deps.db, project);
        if (isEmpty(changeset)) continue;
        const done = mode === 'apply' ? applyChangeset(deps, changeset) : changeset;
        deps.log.log('info', `consolidation ${mode === 'apply' ? 'applied' : 'proposed'}`, {
          project,
          merges: changeset.merges.length,
          drops: changeset.drops.length,
          journal: done.journalId,
        });
      }
    } catch (error) {
      deps.log.log('warn', `idle consolidation failed, next check later: ${String(error)}`);
    }
  };
  return {
    name: 'consolidation',
    routes: consolidationRoutes(deps),
    idlePass,
    onApplied: () => {
      lastIngest = deps.now();
    },
    start() {
      timer = setInterval(idlePass, options.checkEveryMs ?? 15 * 60_000);
      timer.unref();
    },
    stop: async () => clearInterval(timer),
  };
}
