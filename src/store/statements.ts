import type { Database, Statement } from 'better-sqlite3';

/** The store's database handle (better-sqlite3's connection): the one name every module uses. */
export type Db = Database;

const cache = new WeakMap<Db, Map<string, Statement>>();

/** A prepared statement, compiled once per connection and reused. */
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
  return statement;
}

/** Paging for list queries. */
export interface Page {
  limit: number;
  offset: number;
}
