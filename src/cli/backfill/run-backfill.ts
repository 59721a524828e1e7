import type { Settings } from '../../config/index.ts';
import type { SpoolEvent } from '../../spool/index.ts';
import { saveBackfillState, type BackfillState } from './backfill-state.ts';
import { chunkRanges, type ChunkLimits } from './chunks.ts';
import { estimateSession, type CostEstimate } from './cost-estimate.ts';
import type { Progress } from './progress.ts';
import { sessionEvents } from './session-events.ts';
import type { SessionPlan } from './session-plan.ts';

/** A session looked at before importing: what it holds and would cost. */
export interface SessionAnalysis {
  plan: SessionPlan;
  /** Captured events of every kind (what is sent). */
  events: number;
  /** The id of its first event: stored means the session was backfilled before. */
  startUid: string | undefined;
  cost: CostEstimate;
}

/** Captures every session once, without sending anything: counts, costs and first ids. */
export function analyzeSessions(
  plans: readonly SessionPlan[],
  settings: Settings,
  markerDir: string,
  analyzed: (sessions: number, events: number) => void = () => undefined,
): SessionAnalysis[] {
  let total = 0;
  return plans.map((plan, index) => {
    const events = sessionEvents(plan, { settings, markerDir });
    total += events.length;
    analyzed(index + 1, total);
    return {
      plan,
      events: events.length,
      startUid: events[0]?.id,
      cost: estimateSession(events, settings, plan.project),
    };
  });
}

/** How backfill talks to the worker. */
export interface BackfillClient {
  send(events: SpoolEvent[]): Promise<{ stored: number; duplicates: number }>;
}

/** What a run did. */
export interface BackfillTotals {
  sessions: number;
  stored: number;
  duplicates: number;
}

/** Where a session's import resumes: the saved offset when the same transcripts were cut short. */
const resumeAt = (state: BackfillState, plan: SessionPlan): number =>
  state.partial?.sessionId === plan.sessionId && state.partial.signature === plan.signature
    ? state.partial.offset
    : 0;

/**
 * Sends each session's events to the worker in whole-turn requests, oldest session first,
 * recording after every stored request how far it got (`state/backfill.json`): a run that is
 * killed continues where the worker's last commit left it, and a finished session is not read
 * again until its transcripts change. Sending twice is harmless anyway: ids are derived, and
 * the worker skips ids it has stored.
 */
export async function sendSessions(
  sessions: readonly SessionAnalysis[],
  run: {
    client: BackfillClient;
    settings: Settings;
    markerDir: string;
    dataDir: string;
    state: BackfillState;
    progress: Progress;
    limits?: ChunkLimits;
  },
): Promise<BackfillTotals> {
  const totals: BackfillTotals = { sessions: 0, stored: 0, duplicates: 0 };
  let sent = 0;
  for (const { plan } of sessions) {
    const events = sessionEvents(plan, { settings: run.settings, markerDir: run.markerDir });
    const resume = resumeAt(run.state, plan);
    for (const [start, end] of chunkRanges(events, run.limits)) {
      if (end > resume) {
        const result = await run.client.send(events.slice(start, end));
        totals.stored += result.stored;
        totals.duplicates += result.duplicates;
        run.state.partial = { sessionId: plan.sessionId, signature: plan.signature, offset: end };
        saveBackfillState(run.dataDir, run.state);
      }
      sent += end - start;
      run.progress.update(sent, totals.sessions);
    }
    run.state.done[plan.sessionId] = plan.signature;
    run.state.partial = undefined;
    saveBackfillState(run.dataDir, run.state);
    totals.sessions += 1;
    run.progress.update(sent, totals.sessions);
  }
  run.progress.finish();
  return totals;
}
