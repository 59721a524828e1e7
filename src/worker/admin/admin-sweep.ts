import type { Logger } from '../../config/index.ts';
import { createVectorIndex, loadSqliteVec } from '../../search/index.ts';
import type { Db } from '../../store/index.ts';

/**
 * Drops the KNN entries of deleted observations, through the recall code's own sweep. Their
 * exact vectors already went with the rows (recall_vectors cascades) and a search never returns
 * an orphan entry, so this only frees space; it must never fail a delete.
 */
export function sweepVectors(db: Db, log: Logger): number {
  try {
    return loadSqliteVec(db) ? createVectorIndex(db).sweep() : 0;
  } catch (error) {
    log.log('warn', `vector sweep after a delete failed: ${String(error)}`);
    return 0;
  }
}
