import type { ObservationType } from '../../domain/index.ts';
import { createHash } from 'node:crypto';
import { soundPresent } from '../row-door.ts';
import { stmt, type Db } from '../statements.ts';
import type { Scope } from '../team/team-scope.ts';
import { insertSql } from '../row-mapper.ts';
import { contentValues } from './memory-columns.ts';

/** A memory saved explicitly (MCP `save_memory`), stored as an observation. */
export interface MemoryInput {
  project: string;
  title: string;
  text: string;
  type: ObservationType;
  concepts: readonly string[];
  files: readonly string[];
  /** The session row it was saved in, when known. */
  sessionRowId: number | null;
  pinned: boolean;
  /** `team` shares it at once (save_memory's `scope`); default private. */
  scope?: Scope | undefined;
  at: number;
}

/**
 * Stores an explicit memory as an observation (provider `user`). Saving the same title and text
 * in the same project again returns the existing id instead of a duplicate (shared now if the
 * repeat asks for `team`; never made private by a repeat).
 */
export function insertMemory(db: Db, memory: MemoryInput): { id: number; created: boolean } {
  // The text is the narrative, the files those read: then the one mapper, as every writer.
  const content = contentValues(
    'observation',
    soundPresent('observation', { ...memory, narrative: memory.text, files_read: memory.files }),
  );
  const hash = createHash('sha256').update(`${content.title}\n${content.narrative}`).digest('hex');
  return db.transaction(() => {
    const existing = stmt(
      db,
      `SELECT id, scope, author FROM observations
       WHERE project = ? AND content_hash = ? AND provider = 'user'`,
    ).get(memory.project, hash) as { id: number; scope: Scope; author: string | null } | undefined;
    if (existing) {
      // Saved again to share it: the person asked for team memory, so the stored one becomes it.
      if (memory.scope === 'team' && existing.scope !== 'team' && existing.author === null) {
        stmt(db, "UPDATE observations SET scope = 'team' WHERE id = ?").run(existing.id);
      }
      return { id: existing.id, created: false };
    }
    const values = {
      ...content,
      session_id: memory.sessionRowId,
      project: memory.project,
      provider: 'user',
      content_hash: hash,
      pinned: memory.pinned ? 1 : 0,
      scope: memory.scope ?? 'private',
      created_at: memory.at,
      updated_at: memory.at,
    };
    const result = stmt(db, insertSql('observations', values)).run(values);
    return { id: Number(result.lastInsertRowid), created: true };
  })();
}

/** Deletes observations by id (their index entries and vectors follow); returns how many. */
export function deleteObservations(db: Db, ids: readonly number[]): number {
  if (ids.length === 0) return 0;
  return stmt(db, 'DELETE FROM observations WHERE id IN (SELECT value FROM json_each(?))').run(
    JSON.stringify(ids),
  ).changes;
}

/** Pins (listed first at SessionStart) or unpins an observation; false when it does not exist. */
export function setPinned(db: Db, id: number, pinned: boolean, at: number): boolean {
  return (
    stmt(db, 'UPDATE observations SET pinned = ?, updated_at = ? WHERE id = ?').run(
      pinned ? 1 : 0,
      at,
      id,
    ).changes === 1
  );
}
