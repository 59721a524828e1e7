import { makeAnchors } from '../../anchors/index.ts';
import type { ObservationDraft } from '../../compress/index.ts';
import { anchorOrigin, type AnchorInput, type Db, type PendingTurn } from '../../store/index.ts';

/**
 * The anchors of a batch's observations, one list per observation, made before the batch's
 * transaction (they read files and may ask git which are tracked). Never throws: a batch is
 * stored without anchors rather than not at all.
 */
export function anchorsFor(
  db: Db,
  turn: Pick<PendingTurn, 'sessionRowId' | 'promptNumber'>,
  observations: readonly Pick<ObservationDraft, 'filesRead' | 'filesModified'>[],
): AnchorInput[][] {
  try {
    const origin = anchorOrigin(db, turn.sessionRowId, turn.promptNumber);
    if (!origin) return [];
    return observations.map((o) => makeAnchors([...o.filesModified, ...o.filesRead], origin));
  } catch {
    return [];
  }
}
