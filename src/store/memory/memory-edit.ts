import { createHash } from 'node:crypto';
import { throughDoor } from '../privacy-door.ts';
import { ROW_LIMITS, soundList, soundText } from '../row-door.ts';
import { stmt, type Db } from '../statements.ts';
import type { Scope } from '../team/team-scope.ts';

/** A memory saved explicitly (MCP `save_memory`), stored as an observation. */
export interface MemoryInput {
  project: string;
  title: string;
  text: string;
  type: string;
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
  const sound = {
    ...memory,
    title: soundText(memory.title, ROW_LIMITS.title),
    text: soundText(memory.text, ROW_LIMITS.body),
    concepts: soundList(memory.concepts),
    files: soundList(memory.files),
  };
  const input = throughDoor(sound, { text: ['title', 'text', 'concepts'] });
  const hash = createHash('sha256').update(`${input.title}\n${input.text}`).digest('hex');
  return db.transaction(() => {
    const existing = stmt(
      db,
      `SELECT id, scope, author FROM observations
       WHERE project = ? AND content_hash = ? AND provider = 'user'`,
    ).get(input.project, hash) as { id: number; scope: Scope; author: string | null } | undefined;
    if (existing) {
      // Saved again to share it: the person asked for team memory, so the stored one becomes it.
      if (input.scope === 'team' && existing.scope !== 'team' && existing.author === null) {
        stmt(db, "UPDATE observations SET scope = 'team' WHERE id = ?").run(existing.id);
      }
      return { id: existing.id, created: false };
    }
    const result = stmt(
      db,
      `INSERT INTO observations (session_id, project, type, title, narrative, concepts,
         files_read, provider, content_hash, pinned, scope, created_at, updated_at)
       VALUES (@session, @project, @type, @title, @text, @concepts, @files, 'user', @hash,
         @pinned, @scope, @at, @at)`,
    ).run({
      session: input.sessionRowId,
      project: input.project,
      type: input.type,
      title: input.title,
      text: input.text,
      concepts: JSON.stringify(input.concepts),
      files: JSON.stringify(input.files),
      hash,
      pinned: input.pinned ? 1 : 0,
      scope: input.scope ?? 'private',
      at: input.at,
    });
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
