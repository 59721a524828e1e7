import { stmt, type Db } from '../statements.ts';

/** A turn (session + prompt number) with rows waiting in one of the compression queues. */
export interface WaitingTurn {
  sessionRowId: number;
  sessionId: string;
  project: string;
  projectRoot: string;
  promptNumber: number;
  /** Capture time of its oldest waiting row. */
  oldest: number;
  /** Most attempts any of its waiting rows had. */
  attempts: number;
  /** Its Stop arrived (each queue tells it its own way: the `ended` column of listWaitingTurns). */
  ended: number;
  /** A later prompt arrived or the session ended: the turn is over even without a Stop. */
  movedOn: number;
}

/**
 * The turns with pending rows in `queue` (aliased `q`, joined to its session `s`), grouped by
 * turn, oldest first: the columns of WaitingTurn, `ended` by the queue's own test, and `more`
 * columns of its own.
 */
export function listWaitingTurns<T extends WaitingTurn>(
  db: Db,
  queue: 'events' | 'turns',
  columns: { ended: string; more?: string },
): T[] {
  return stmt(
    db,
    `SELECT q.session_id AS sessionRowId, s.session_id AS sessionId, s.project,
       s.project_root AS projectRoot, q.prompt_number AS promptNumber,
       MIN(q.created_at) AS oldest, MAX(q.attempts) AS attempts, ${columns.ended} AS ended,
       (s.prompt_count > q.prompt_number OR s.status <> 'active') AS movedOn${columns.more ? `, ${columns.more}` : ''}
     FROM ${queue} q JOIN sessions s ON s.id = q.session_id
     WHERE q.state = 'pending'
     GROUP BY q.session_id, q.prompt_number ORDER BY oldest`,
  ).all() as T[];
}
