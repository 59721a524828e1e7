import type { Db } from './statements.ts';

// A statement run outside a transaction begins and ends a read transaction of its own, and in
// WAL mode that takes and drops a lock on the -shm file: about 6.5 us a statement here, against
// 1.5 us inside one transaction (issue 33). A search reads a dozen statements.

/** Connections inside a readSnapshot, whose reads see committed rows only. */
const snapshots = new WeakSet<Db>();
const runners = new WeakMap<Db, (read: () => unknown) => unknown>();

/**
 * `read()` in one read transaction of `db`: its statements see one state of the database and
 * take the lock once. Inside a transaction already, `read()` joins it. `read` must not write
 * (a temporary table excepted).
 */
export function readSnapshot<T>(db: Db, read: () => T): T {
  if (db.inTransaction) return read();
  let run = runners.get(db);
  if (!run) {
    // better-sqlite3 prepares BEGIN and COMMIT for each transaction function: made once.
    run = db.transaction((inner: () => unknown) => {
      snapshots.add(db);
      try {
        return inner();
      } finally {
        snapshots.delete(db);
      }
    });
    runners.set(db, run);
  }
  return run(read) as T;
}

/**
 * Whether `db` is in a transaction whose rows may not be committed (a write's, which may roll
 * back and give its ids again): false outside any, and inside a readSnapshot.
 */
export const mayHoldUncommitted = (db: Db): boolean => db.inTransaction && !snapshots.has(db);
