import type { Settings } from '../../config/index.ts';
import type { AdminWorker } from '../admin/worker-admin.ts';
import { loadBackfillState } from './backfill-state.ts';
import { analyzeSessions, type SessionAnalysis } from './run-backfill.ts';
import type { SessionPlan } from './session-plan.ts';

/** Sessions left out of an import, per reason. */
export type LeftOut = Record<string, number>;

/** What the user narrowed the import to. */
export interface SessionFilters {
  /** Sessions whose last activity is older are left out (ms). */
  since?: number | undefined;
  project?: string | undefined;
}

const count = (leftOut: LeftOut, reason: string): void => {
  leftOut[reason] = (leftOut[reason] ?? 0) + 1;
};

/** The plans that pass the filters; the others are counted in `leftOut`. */
export function filterPlans(
  plans: readonly SessionPlan[],
  filters: SessionFilters,
  leftOut: LeftOut,
): SessionPlan[] {
  const { since, project } = filters;
  return plans.filter((plan) => {
    const reason =
      since !== undefined && plan.lastAt < since
        ? `before ${new Date(since).toISOString().slice(0, 10)}`
        : project !== undefined && plan.project.name !== project
          ? 'of other projects'
          : undefined;
    if (reason) count(leftOut, reason);
    return reason === undefined;
  });
}

/** Of these sessions, the stored ones: true when stored by a backfill (start_uid ingested). */
async function storedSessions(
  worker: AdminWorker | undefined,
  sessions: Array<{ session_id: string; start_uid?: string | undefined }>,
): Promise<Map<string, boolean>> {
  if (!worker || sessions.length === 0) return new Map();
  const { known } = await worker.post<{
    known: Array<{ session_id: string; backfilled: boolean }>;
  }>('/api/admin/backfill/sessions', { sessions });
  return new Map(known.map((k) => [k.session_id, k.backfilled]));
}

/**
 * The sessions to import, captured and estimated: those passing the filters, minus those a
 * finished earlier run imported (same transcripts, still stored) and those the hooks captured
 * live (stored, but not by a backfill: importing would duplicate their prompts). Without a
 * worker (a dry run) the stored ones cannot be told apart and are all counted in.
 */
export async function chooseSessions(
  plans: readonly SessionPlan[],
  run: {
    worker: AdminWorker | undefined;
    dataDir: string;
    settings: Settings;
    markerDir: string;
    filters: SessionFilters;
    /** Called once the sessions to read are known; returns what each one read reports to. */
    reading?: (sessions: number) => (done: number, events: number) => void;
  },
): Promise<{ chosen: SessionAnalysis[]; leftOut: LeftOut }> {
  const leftOut: LeftOut = {};
  const wanted = filterPlans(plans, run.filters, leftOut);
  const stored = await storedSessions(
    run.worker,
    wanted.map((p) => ({ session_id: p.sessionId })),
  );
  const done = loadBackfillState(run.dataDir).done;
  const fresh = wanted.filter((plan) => {
    const finished = done[plan.sessionId] === plan.signature && stored.has(plan.sessionId);
    if (finished) count(leftOut, 'already imported');
    return !finished;
  });
  const analyses = analyzeSessions(fresh, run.settings, run.markerDir, run.reading?.(fresh.length));
  const check = analyses.filter((a) => stored.has(a.plan.sessionId) && a.startUid !== undefined);
  const byBackfill = await storedSessions(
    run.worker,
    check.map((a) => ({ session_id: a.plan.sessionId, start_uid: a.startUid })),
  );
  const chosen = analyses.filter((a) => {
    const byHooks = byBackfill.get(a.plan.sessionId) === false;
    if (byHooks) count(leftOut, 'captured by the hooks');
    return a.events > 0 && !byHooks;
  });
  return { chosen, leftOut };
}
