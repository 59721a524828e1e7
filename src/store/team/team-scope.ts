import type { Scope, TeamShare } from '../../domain/index.ts';
import { stmt, type Db } from '../statements.ts';
import { TEAM_TABLE, assertOwnMemories, type ScopedKind } from './team-ownership.ts';

export type { Scope } from '../../domain/index.ts';

export type { ScopedKind } from './team-ownership.ts';

/** The scope a new row of `kind` written by compression gets under `share`. */
export function scopeFor(share: TeamShare, kind: ScopedKind): Scope {
  if (share === 'all') return 'team';
  return share === 'summaries' && kind === 'summary' ? 'team' : 'private';
}

/**
 * Shares (`team`) or unshares (`private`) one of this machine's memories; the triggers of
 * migration 008 queue the push or the server-side delete. False when it does not exist;
 * a teammate's row throws {@link ReadOnlyMemoryError}.
 */
export function setScope(db: Db, kind: ScopedKind, id: number, scope: Scope): boolean {
  return db.transaction(() => {
    assertOwnMemories(db, kind, [id]);
    const found = stmt(db, `SELECT scope FROM ${TEAM_TABLE[kind]} WHERE id = ?`).get(id) as
      { scope: Scope } | undefined;
    if (!found) return false;
    if (found.scope !== scope) {
      stmt(db, `UPDATE ${TEAM_TABLE[kind]} SET scope = ? WHERE id = ?`).run(scope, id);
    }
    return true;
  })();
}

/** The summary with this id, with its scope and author (the share routes answer it). */
export function getSummaryScope(
  db: Db,
  id: number,
):
  | { id: number; project: string; request: string; scope: Scope; author: string | null }
  | undefined {
  return stmt(db, 'SELECT id, project, request, scope, author FROM summaries WHERE id = ?').get(
    id,
  ) as { id: number; project: string; request: string; scope: Scope; author: string | null };
}
