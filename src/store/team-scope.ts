import type { Database } from 'better-sqlite3';
import type { TeamShare } from '../config/index.ts';
import { stmt } from './statements.ts';

/** Who may see a memory: this machine only, or the team (migration 008). */
export type Scope = 'private' | 'team';

/** The scopes, for input schemas. */
export const SCOPES = ['private', 'team'] as const satisfies readonly Scope[];

/** The two kinds of memory that have a scope. */
export type ScopedKind = 'observation' | 'summary';

const TABLE = { observation: 'observations', summary: 'summaries' } as const;

/** The scope a new row of `kind` written by compression gets under `share`. */
export function scopeFor(share: TeamShare, kind: ScopedKind): Scope {
  if (share === 'all') return 'team';
  return share === 'summaries' && kind === 'summary' ? 'team' : 'private';
}

/**
 * A teammate's memory (pulled, `author` set) changed from this machine: it is read-only here,
 * only its author may change it. Routes answer it with 403 and this message.
 */
export class ReadOnlyMemoryError extends Error {
  constructor(
    readonly kind: ScopedKind,
    readonly id: number,
    readonly author: string,
  ) {
    super(
      `${kind} ${kind === 'summary' ? 'S' : '#'}${id} is ${author}'s team memory: it is read-only here, only ${author} can change, unshare or forget it`,
    );
    this.name = 'ReadOnlyMemoryError';
  }
}

/**
 * Throws {@link ReadOnlyMemoryError} when any of `ids` is a teammate's row. Every local change
 * of a memory (edit, share, unshare, forget by id) calls this first; team sync's pull writes
 * teammates' rows without it.
 */
export function assertOwnMemories(db: Database, kind: ScopedKind, ids: readonly number[]): void {
  if (ids.length === 0) return;
  const row = stmt(
    db,
    `SELECT id, author FROM ${TABLE[kind]}
     WHERE id IN (SELECT value FROM json_each(?)) AND author IS NOT NULL ORDER BY id LIMIT 1`,
  ).get(JSON.stringify(ids)) as { id: number; author: string } | undefined;
  if (row) throw new ReadOnlyMemoryError(kind, row.id, row.author);
}

/**
 * Shares (`team`) or unshares (`private`) one of this machine's memories; the triggers of
 * migration 008 queue the push or the server-side delete. False when it does not exist;
 * a teammate's row throws {@link ReadOnlyMemoryError}.
 */
export function setScope(db: Database, kind: ScopedKind, id: number, scope: Scope): boolean {
  return db.transaction(() => {
    assertOwnMemories(db, kind, [id]);
    const found = stmt(db, `SELECT scope FROM ${TABLE[kind]} WHERE id = ?`).get(id) as
      { scope: Scope } | undefined;
    if (!found) return false;
    if (found.scope !== scope) {
      stmt(db, `UPDATE ${TABLE[kind]} SET scope = ? WHERE id = ?`).run(scope, id);
    }
    return true;
  })();
}

/** The summary with this id, with its scope and author (the share routes answer it). */
export function getSummaryScope(
  db: Database,
  id: number,
):
  | { id: number; project: string; request: string; scope: Scope; author: string | null }
  | undefined {
  return stmt(db, 'SELECT id, project, request, scope, author FROM summaries WHERE id = ?').get(
    id,
  ) as { id: number; project: string; request: string; scope: Scope; author: string | null };
}
