// Same-work baselines for search: the ranking statements one search ran (bm25 over the full-text
// index, the vector KNN and its rerank), captured once, untimed, through a traced handle on the
// database, then replayed bare: the same SQL with the same parameters, without the search's
// planning (bounded counts, the horizon's bounds), its merging and fusion, or the JavaScript
// around them. A windowed query is compared with the same window, an exact ranking with the same
// exact ranking.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../src/store/index.ts';

/** One statement a search ran, with its arguments. */
export interface Traced {
  sql: string;
  args: unknown[];
  /** How rows came back: the last of pluck(), raw() or expand() before the run, if any. */
  mode?: { name: 'pluck' | 'raw' | 'expand'; on: boolean } | undefined;
}

/** What ranks: full text's bm25, the vector shortlist and its exact distances. */
export const RANKING = /bm25\(|vec_quantize_binary|vec_distance_cosine/;
/** Every statement. */
export const EVERY = /./;
/** The calls that run a statement. */
const RUNS = new Set<PropertyKey>(['all', 'get', 'iterate', 'run']);
/** The calls that choose how rows come back (each turns the others off). */
const MODES = new Set<PropertyKey>(['pluck', 'raw', 'expand']);

function tracedStatement(
  statement: Statement,
  sql: string,
  into: () => Traced[],
  kept: RegExp,
): Statement {
  let mode: Traced['mode'];
  const proxy: Statement = new Proxy(statement, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const call = value as (...args: unknown[]) => unknown;
      if (RUNS.has(prop)) {
        return (...args: unknown[]) => {
          if (kept.test(sql)) into().push({ sql, args, mode });
          return call.apply(target, args);
        };
      }
      // pluck(), raw(), expand() return the statement: keep handing out the traced one.
      return (...args: unknown[]) => {
        if (MODES.has(prop)) mode = { name: prop as 'pluck', on: args[0] !== false };
        const out = call.apply(target, args);
        return out === target ? proxy : out;
      };
    },
  });
  return proxy;
}

/**
 * `db` with the statements prepared through it whose SQL matches `kept` (the ranking ones by
 * default) traced into the list `into()` returns.
 */
export function tracedDb(db: Db, into: () => Traced[], kept = RANKING): Db {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare')
        return (sql: string) => tracedStatement(target.prepare(sql), sql, into, kept);
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

/** Runs `statements` again on `db`, each prepared once: the same work, bare. */
export function replayer(db: Db, statements: readonly Traced[]): () => void {
  const prepared = statements.map(({ sql, args, mode }) => {
    const statement = db.prepare(sql);
    if (mode) statement[mode.name](mode.on);
    return { statement, args };
  });
  return () => {
    for (const { statement, args } of prepared) {
      if (statement.reader) statement.all(...args);
      else statement.run(...args);
    }
  };
}
