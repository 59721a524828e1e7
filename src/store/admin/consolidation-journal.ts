import type { Changeset, JournalEntry } from '../../domain/index.ts';
import { stmt, type Db } from '../statements.ts';

/** The newest `limit` consolidations of `project`, undone ones included. */
export function consolidationJournal(db: Db, project: string, limit = 20): JournalEntry[] {
  const rows = stmt(
    db,
    `SELECT id, created_at, undone_at, changeset FROM consolidation_journal
      WHERE project = ? ORDER BY id DESC LIMIT ?`,
  ).all(project, limit) as Array<{
    id: number;
    created_at: number;
    undone_at: number | null;
    changeset: string;
  }>;
  return rows.map((row) => {
    const changeset = JSON.parse(row.changeset) as Changeset;
    return {
      id: row.id,
      createdAt: row.created_at,
      undoneAt: row.undone_at,
      merged: changeset.merges.reduce((sum, merge) => sum + merge.from.length, 0),
      dropped: changeset.drops.length,
    };
  });
}

/** The projects that have memories of one's own: what idle consolidation looks at. */
export function ownProjects(db: Db): string[] {
  return stmt(db, 'SELECT DISTINCT project FROM observations WHERE author IS NULL')
    .pluck()
    .all() as string[];
}
