import type { ReasonCount } from '../../domain/viewer-api.ts';
import { stmt, type Db } from '../statements.ts';

export type { ReasonCount };

/** `<why>; heuristic used` or `<why>; heuristic used; heuristic: nothing worth keeping` -> why. */
const whyOf = (reason: string): string => reason.replace(/; [\w-]+ used(?:; .*)?$/s, '');

/**
 * Why compression fell back or failed, most frequent reasons first: the chain stores
 * `<why>; <provider> used` on events a fallback compressed, and the error on failed ones.
 */
export function countEventReasons(db: Db, limit = 8): ReasonCount[] {
  const rows = stmt(
    db,
    `SELECT state, reason, COUNT(*) AS events FROM events
     WHERE reason IS NOT NULL AND (state IN ('failed', 'compressed')
       OR (state = 'skipped' AND instr(reason, ' used; ') > 0))
     GROUP BY state, reason ORDER BY events DESC LIMIT 500`,
  ).all() as Array<{ state: string; reason: string; events: number }>;
  const merged = new Map<string, ReasonCount>();
  for (const row of rows) {
    const outcome = row.state === 'failed' ? 'failed' : 'fell-back';
    const reason = outcome === 'failed' ? row.reason : whyOf(row.reason);
    const key = `${outcome}\n${reason}`;
    const entry = merged.get(key) ?? { outcome, reason, events: 0 };
    entry.events += row.events;
    merged.set(key, entry);
  }
  return [...merged.values()].sort((a, b) => b.events - a.events).slice(0, limit);
}
