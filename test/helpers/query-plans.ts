import type { Database, Statement } from 'better-sqlite3';

/** One statement a function ran: its SQL and the arguments it was run with. */
export interface RanQuery {
  sql: string;
  args: unknown[];
}

const RUNNERS = new Set(['all', 'get', 'run', 'iterate']);

/**
 * `db` seen through a recorder: every statement prepared on it and run (all/get/run/iterate) is
 * noted with its arguments, so a test can EXPLAIN the queries a real function ran rather than a
 * copy of their text. The statements are the database's own; only the calls are watched.
 */
export function recordQueries(db: Database): { db: Database; ran: RanQuery[] } {
  const ran: RanQuery[] = [];
  const watch = (statement: Statement, sql: string): Statement =>
    new Proxy(statement, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        if (!RUNNERS.has(String(key))) {
          return (...args: unknown[]) => {
            const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
            return result === target ? receiver : result;
          };
        }
        return (...args: unknown[]) => {
          ran.push({ sql, args });
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const proxy = new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'prepare') return (sql: string) => watch(target.prepare(sql), sql);
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  return { db: proxy, ran };
}

/** The EXPLAIN QUERY PLAN lines of one recorded query, run with its own arguments. */
export function planOf(db: Database, query: RanQuery): string[] {
  const rows = db
    .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
    .all(...(query.args as unknown[])) as Array<{ detail: string }>;
  return rows.map((row) => row.detail);
}

/**
 * Whether a plan line reads all of observations (as `observations` or any of `aliases`), by
 * the table or by a whole index, rather than seeking into an index.
 */
export const scansObservations = (line: string, aliases: readonly string[] = ['o']): boolean =>
  new RegExp(`^SCAN (${['observations', ...aliases].join('|')})\\b`).test(line);
