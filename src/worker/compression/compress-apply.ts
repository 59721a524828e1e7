import {
  contentHash,
  deadEndKeys,
  type ObservationsResult,
  type Produced,
  type SummaryResult,
} from '../../compress/index.ts';
import { anchorsFor } from './anchor-capture.ts';
import { applyTruth, type StoredDraft } from './apply-truth.ts';
import {
  failEvents,
  insertObservation,
  scopeFor,
  settleEvents,
  settleTurnEnds,
  upsertSummary,
  writeAnchors,
  writeDeadEndKeys,
  type Db,
  type PendingTurnEnd,
} from '../../store/index.ts';
import type { TeamShare } from '../../domain/index.ts';
import type { EventWork, SummaryWork } from './compress-work.ts';
import { ridingSummary } from './turn-plan.ts';

/** Splits `total` over `n` parts that add up to it exactly. */
export function share(total: number, n: number, index: number): number {
  return Math.floor(total / n) + (index < total % n ? 1 : 0);
}

const eventIds = (work: EventWork): number[] => work.batch.events.map((event) => event.id);

/**
 * Stores a batch's observations (deduplicated per session; the batch's tokens split over them)
 * and ends its events `compressed`, with the fallback reason if the heuristic stood in; a batch
 * with no observations ends `skipped` with the provider's reason. A batch the turn's summary
 * rides on (turn-plan.ts) whose answer held it stores it and ends the turn's rows too (the
 * summary takes one share of the tokens); without one, the turn rows stay pending for a
 * summary request of their own.
 * `teamShare` (`team.share`) decides which of them are born shared. One transaction.
 */
export function storeObservations(
  db: Db,
  work: EventWork,
  result: ObservationsResult & Produced,
  at: number,
  teamShare: TeamShare = 'off',
): void {
  const { observations, usage } = result;
  const folded = ridingSummary(work.summary, result.summary);
  const shares = observations.length + (folded?.summary ? 1 : 0);
  // Dated when the work happened, not when it was compressed: a backfill compresses months of
  // old sessions today, and retention and the context's days read created_at.
  const newest = work.batch.events.reduce((max, event) => Math.max(max, event.at), -Infinity);
  const happened = Math.min(at, newest === -Infinity ? at : newest);
  const anchors = anchorsFor(db, work.turn, observations);
  db.transaction(() => {
    const fresh: StoredDraft[] = [];
    observations.forEach((observation, index) => {
      const stored = insertObservation(db, {
        ...observation,
        sessionRowId: work.turn.sessionRowId,
        project: work.turn.project,
        promptNumber: work.turn.promptNumber,
        provider: result.provider,
        model: result.model,
        tokensIn: share(usage.tokensIn, shares, index),
        tokensOut: share(usage.tokensOut, shares, index),
        contentHash: contentHash(observation),
        at: happened,
        scope: scopeFor(teamShare, 'observation'),
      });
      if (observation.type === 'dead-end') {
        const keys = deadEndKeys(observation, work.batch.events);
        writeDeadEndKeys(db, stored.id, work.turn.project, keys);
      }
      if (stored.duplicate) return;
      writeAnchors(db, stored.id, anchors[index] ?? [], at);
      fresh.push({ id: stored.id, draft: observation });
    });
    applyTruth(db, work.batch, work.turn.sessionRowId, fresh, at);
    if (observations.length > 0)
      settleEvents(db, eventIds(work), 'compressed', result.fellBack, at);
    else settleEvents(db, eventIds(work), 'skipped', skipReason(result), at);
    if (folded) {
      const spent = {
        ...usage,
        tokensIn: share(usage.tokensIn, shares, shares - 1),
        tokensOut: share(usage.tokensOut, shares, shares - 1),
      };
      writeSummary(db, folded.end, { ...result, ...folded, usage: spent }, at, teamShare);
    }
  }).immediate();
}

function skipReason(result: {
  skipped?: string | undefined;
  provider: string;
  fellBack: string | null;
}): string {
  const why = `${result.provider}: ${result.skipped ?? 'nothing worth keeping'}`;
  return result.fellBack ? `${result.fellBack}; ${why}` : why;
}

/** Backoff of failed work: compress.failedRetryMs doubled per attempt already made, capped at a day. */
export function retryAt(now: number, baseMs: number, attempts: number): number {
  return now + Math.min(baseMs * 2 ** attempts, 86_400_000);
}

/** Ends a batch's events `failed` with the reason; they are tried again at `when`. */
export function failBatch(db: Db, work: EventWork, reason: string, when: number, at: number): void {
  db.transaction(() => failEvents(db, eventIds(work), reason, when, at)).immediate();
}

/** Stores a turn's summary and ends its turn rows, or ends them `skipped` with the reason. */
export function storeSummary(
  db: Db,
  work: SummaryWork,
  result: SummaryResult & Produced,
  at: number,
  teamShare: TeamShare = 'off',
): void {
  db.transaction(() => writeSummary(db, work.turn, result, at, teamShare)).immediate();
}

function writeSummary(
  db: Db,
  end: PendingTurnEnd,
  result: SummaryResult & Produced,
  at: number,
  teamShare: TeamShare,
): void {
  const turn = { sessionRowId: end.sessionRowId, promptNumber: end.promptNumber };
  if (!result.summary) {
    settleTurnEnds(db, turn, 'skipped', skipReason(result));
    return;
  }
  upsertSummary(db, {
    ...result.summary,
    ...turn,
    project: end.project,
    provider: result.provider,
    model: result.model,
    tokensIn: result.usage.tokensIn,
    tokensOut: result.usage.tokensOut,
    at: Math.min(at, end.oldest),
    scope: scopeFor(teamShare, 'summary'),
  });
  settleTurnEnds(db, turn, 'compressed', result.fellBack);
}
