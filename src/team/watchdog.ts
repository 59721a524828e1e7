import type pg from 'pg';

/** What pull and push need of a connection: queries (so the engine can bound each one). */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>>;
}

/** What a watched connection reports: the step in flight, and a step that overran. */
export interface WatchHooks {
  /** What the round is doing ("push", "pull"), named in the step. */
  phase(): string;
  step(name: string | null): void;
  overran(reason: string): void;
}

/** A query's step in words, for status: the phase, and the statement when it is not a call. */
function stepOf(sql: string, phase: string): string {
  const call = /claude_mem\.(\w+)/.exec(sql)?.[1];
  const word = call ?? sql.trim().split(/\s+/)[0]?.toLowerCase() ?? 'query';
  return word === phase ? phase : `${phase}: ${word}`;
}

/**
 * `client` with every query bounded: a query that has no answer after `boundMs` (a frozen
 * server, a dropped VPN that TCP has not noticed yet) ends the client, which fails the query
 * and every later one, so the round is abandoned and the next round reconnects.
 */
export function watched(client: pg.Client, boundMs: number, hooks: WatchHooks): Queryable {
  return {
    async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      const step = stepOf(text, hooks.phase());
      hooks.step(step);
      const timer = setTimeout(() => {
        hooks.overran(`no answer from the server in ${Math.round(boundMs / 1000)} s (${step})`);
        void client.end().catch(() => undefined);
      }, boundMs);
      try {
        return await client.query<R>(text, values);
      } finally {
        clearTimeout(timer);
        hooks.step(null);
      }
    },
  };
}
