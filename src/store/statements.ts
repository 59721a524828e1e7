import type { Database, Statement } from 'better-sqlite3';

/** The store's database handle (better-sqlite3's connection): the one name every module uses. */
export type Db = Database;

const cache = new WeakMap<Db, Map<string, Statement>>();

/**
 * A prepared statement, compiled once per connection and reused; handed out without pluck mode
 * (a caller that plucks sets it again), since `.pluck()` stays on a statement: an import's
 * plucked session lookup once made a later team pull on the connection read `.id` of a number.
 */
export function stmt(db: Db, sql: string): Statement {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement.reader ? statement.pluck(false) : statement;
}

/** Paging for list queries. */
export interface Page {
  limit: number;
  offset: number;
}
