import type { Db } from '../statements.ts';

class RolledBack<T> extends Error {
  constructor(readonly value: T) {
    super('dry run');
  }
}

/**
 * Runs `change` in one immediate transaction and returns its result; with `dryRun` the
 * transaction is rolled back afterwards, so the result says exactly what would change.
 */
export function changeOrPreview<T>(db: Db, dryRun: boolean, change: () => T): T {
  try {
    return db
      .transaction(() => {
        const value = change();
        if (dryRun) throw new RolledBack(value);
        return value;
      })
      .immediate();
  } catch (error) {
    if (error instanceof RolledBack) return error.value as T;
    throw error;
  }
}
