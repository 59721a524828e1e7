import type { FeedKind } from './memory-feed.ts';
import { stmt, type Db } from '../statements.ts';

/** One deleted feed item, as the `deletions` table (migration 005) recorded it. */
export interface Deletion {
  id: number;
  kind: FeedKind;
  itemId: number;
}

/** The id of the newest deletion (0: none yet). */
export function lastDeletion(db: Db): number {
  return stmt(db, 'SELECT COALESCE(MAX(id), 0) FROM deletions').pluck().get() as number;
}

/** Deletions after `mark`, oldest first, at most `limit`. */
export function deletionsAfter(db: Db, mark: number, limit: number): Deletion[] {
  return stmt(
    db,
    'SELECT id, kind, item_id AS itemId FROM deletions WHERE id > ? ORDER BY id LIMIT ?',
  ).all(mark, limit) as Deletion[];
}
