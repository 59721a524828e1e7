import { teamProjects, type Db } from '../../store/index.ts';
import { claimTeamProject, type TeamSync } from '../../team/index.ts';

/**
 * Waits (at most its budget) for a first pull of a folder's team project; `root` is asked for
 * only when the wait may happen (undefined: the folder is not this project's).
 */
export type FirstPullWait = (project: string, root: () => string | undefined) => Promise<void>;

/** What the wait needs: the store, the sync engine, whether a team is set, and the budget. */
export interface FirstPullWaitDeps {
  db: Db;
  sync: Pick<TeamSync, 'syncNow' | 'state'>;
  configured: () => boolean;
  waitMs: number;
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms).unref());

/**
 * Onboarding (issue 30): the first SessionStart in a folder whose team project was never
 * pulled claims the folder's identity and waits up to `waitMs` for a sync round to pull it, so
 * a new member's first session carries the team's memory. Each project waits once per worker:
 * once pulled, or once waited for, SessionStart never waits for it again; and never while the
 * last round failed (a server that is down must not cost every session its wait).
 */
export function createFirstPullWait(deps: FirstPullWaitDeps): FirstPullWait {
  const settled = new Set<string>();
  const pulled = (project: string): boolean =>
    teamProjects(deps.db).some((row) => row.project === project && row.last_pull_at !== null);
  return async function firstPullWait(project, root) {
    if (settled.has(project)) return;
    if (pulled(project) || !deps.configured()) {
      settled.add(project);
      return;
    }
    const folder = root();
    if (folder === undefined) return;
    settled.add(project);
    if (!claimTeamProject(deps.db, project, folder)) return;
    // A round already under way may have listed its projects before this one was claimed.
    const rounds = async (): Promise<void> => {
      for (let round = 0; round < 2 && !pulled(project); round += 1) {
        const state = await deps.sync.syncNow();
        if (state.lastError !== null) return;
      }
    };
    if (deps.sync.state().lastError !== null) {
      void rounds();
      return;
    }
    await Promise.race([rounds(), sleep(deps.waitMs)]);
  };
}
