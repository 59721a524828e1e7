import type { RecallReason } from '../../context/index.ts';

/** One memory a recall moment injected, and why it passed the moment's relevance test. */
export interface RecallMoment {
  moment: 'prompt' | 'file';
  sessionId: string;
  id: number;
  reason: string;
  at: number;
}

/** The recent injections of recall moments, newest first (GET /api/recall/recent). */
export interface RecallMoments {
  add(
    moment: RecallMoment['moment'],
    sessionId: string,
    reasons: readonly RecallReason[],
    at: number,
  ): void;
  recent(): RecallMoment[];
}

/** How many injections the log keeps: the viewer's panel shows the latest ones. */
export const MOMENTS_KEPT = 50;

/**
 * The recall log: what the last recall moments injected and why, kept in the worker's memory
 * (which memories a moment selects and why; the injection ledger records every injection in
 * the database).
 */
export function createRecallMoments(kept = MOMENTS_KEPT): RecallMoments {
  const log: RecallMoment[] = [];
  return {
    add(moment, sessionId, reasons, at) {
      for (const { id, reason } of reasons) log.unshift({ moment, sessionId, id, reason, at });
      log.splice(kept);
    },
    recent: () => [...log],
  };
}
