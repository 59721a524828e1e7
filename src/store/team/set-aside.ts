import type { TeamSetAside } from '../../domain/viewer-api.ts';
import { stmt, type Db } from '../statements.ts';

/** A row that came in (pulled or imported) and was not stored, with why (the viewer's fields). */
export interface SetAsideEntry extends TeamSetAside {
  source: 'pull' | 'import';
}

const KEEP = 1000;

/** Records a row that was set aside; only the newest thousand are kept (the count goes on). */
export function setAside(db: Db, entry: SetAsideEntry): void {
  stmt(
    db,
    `INSERT INTO set_aside (source, project, kind, ref, author, reason, at)
     VALUES (@source, @project, @kind, @ref, @author, @reason, @at)`,
  ).run({ ...entry, reason: entry.reason.slice(0, 500) });
  stmt(db, 'DELETE FROM set_aside WHERE id <= (SELECT max(id) FROM set_aside) - ?').run(KEEP);
}

/** How many rows of `source` were set aside (of the newest thousand), and the newest few. */
export function setAsideReport(
  db: Db,
  source: SetAsideEntry['source'],
  limit = 5,
): { count: number; recent: SetAsideEntry[] } {
  const count = stmt(db, 'SELECT count(*) FROM set_aside WHERE source = ?').pluck().get(source);
  const recent = stmt(
    db,
    `SELECT source, project, kind, ref, author, reason, at FROM set_aside WHERE source = ?
     ORDER BY id DESC LIMIT ?`,
  ).all(source, limit) as SetAsideEntry[];
  return { count: Number(count), recent };
}
