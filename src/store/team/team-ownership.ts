import { stmt, type Db } from '../statements.ts';

/** The kinds of memory that have a scope (private or team). */
export type ScopedKind = 'observation' | 'summary';

/** The table of each kind of scoped memory. */
export const TEAM_TABLE = { observation: 'observations', summary: 'summaries' } as const;

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
export function assertOwnMemories(db: Db, kind: ScopedKind, ids: readonly number[]): void {
  if (ids.length === 0) return;
  const row = stmt(
    db,
    `SELECT id, author FROM ${TEAM_TABLE[kind]}
     WHERE id IN (SELECT value FROM json_each(?)) AND author IS NOT NULL ORDER BY id LIMIT 1`,
  ).get(JSON.stringify(ids)) as { id: number; author: string } | undefined;
  if (row) throw new ReadOnlyMemoryError(kind, row.id, row.author);
}
