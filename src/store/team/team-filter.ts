import { stmt, type Db } from '../statements.ts';
import type { Scope } from './team-scope.ts';

/** `--author me`: the memories written on this machine (their `author` is NULL). */
export const OWN_AUTHOR = 'me';

/** Narrowing by whose memory it is and by scope; absent fields do not narrow. */
export interface TeamFilter {
  /** A teammate's name (as pulled), or {@link OWN_AUTHOR} for this machine's own memories. */
  author?: string | undefined;
  scope?: Scope | undefined;
}

/** One WHERE condition with its named parameters. */
export type TeamFilterPart = [sql: string, params: Record<string, string>];

/**
 * The conditions of `filter` over the table alias `alias` (`o.` or empty), for the search's and
 * the feed's WHERE clauses. Names compare case-insensitively: people type them.
 */
export function teamFilterParts(alias: string, filter: TeamFilter): TeamFilterPart[] {
  const parts: TeamFilterPart[] = [];
  if (filter.author !== undefined) {
    parts.push(
      filter.author.toLowerCase() === OWN_AUTHOR
        ? [`${alias}author IS NULL`, {}]
        : [`lower(${alias}author) = lower(@author)`, { author: filter.author }],
    );
  }
  if (filter.scope !== undefined) parts.push([`${alias}scope = @scope`, { scope: filter.scope }]);
  return parts;
}

/** Whether any of the observations `ids` is a teammate's (pulled from the team). */
export function hasTeammates(db: Db, ids: readonly number[]): boolean {
  if (ids.length === 0) return false;
  return (
    stmt(
      db,
      `SELECT EXISTS (SELECT 1 FROM observations
         WHERE id IN (SELECT value FROM json_each(?)) AND author IS NOT NULL)`,
    )
      .pluck()
      .get(JSON.stringify(ids)) === 1
  );
}
