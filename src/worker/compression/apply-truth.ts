import { passingChecks, type ObservationDraft, type TurnBatch } from '../../compress/index.ts';
import {
  markSuperseded,
  setKnown,
  supersedeByRules,
  stmt,
  verifyEarlier,
  type Db,
} from '../../store/index.ts';

/** A stored observation of a batch and the draft it came from. */
export interface StoredDraft {
  id: number;
  draft: ObservationDraft;
}

const authorOf = (db: Db, id: number): string | null =>
  (stmt(db, 'SELECT author FROM observations WHERE id = ?').get(id) as { author: string | null })
    .author;

/**
 * What a batch's new observations change in what is true (issue 34), inside the batch's
 * transaction: how each is known (verified when a passing test run, build or commit of the
 * batch came after its events, else a hypothesis); the session's earlier hypotheses that such a
 * check verifies; the memories each supersedes, by the deterministic rules and by the LLM's
 * `<supersedes>` (only ids the batch offered as related: the LLM cannot reach further).
 */
export function applyTruth(
  db: Db,
  batch: TurnBatch,
  sessionRowId: number,
  stored: readonly StoredDraft[],
  at: number,
): void {
  const checks = passingChecks(batch.events);
  for (const check of checks) verifyEarlier(db, sessionRowId, check.at, check.by);
  for (const { id, draft } of stored) {
    const last = Math.max(...draft.sourceEventIds, -Infinity);
    const check = checks.find((candidate) => candidate.eventId >= last);
    setKnown(db, [id], check ? 'verified' : 'hypothesis', check?.by);
  }
  const offered = new Set((batch.related ?? []).map((memory) => memory.id));
  for (const { id, draft } of stored) {
    const newer = { id, author: authorOf(db, id) };
    for (const older of draft.supersedes ?? []) {
      if (offered.has(older) && older !== id)
        markSuperseded(db, { id: older, author: authorOf(db, older) }, newer, at);
    }
    supersedeByRules(db, id, at);
  }
}
