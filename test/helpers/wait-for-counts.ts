import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { queryDb } from './db.ts';
import type { TestHome } from './env.ts';

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * Polls the home's database (every 200 ms, 300 times at the most) until the first row of `sql`
 * satisfies `ready`, and returns that row; undefined when it never did. A database not created
 * yet (the worker has not started) counts as not ready.
 */
async function waitForRow<T>(
  home: TestHome,
  sql: string,
  ready: (row: T) => boolean,
): Promise<T | undefined> {
  for (let tries = 0; tries < 300; tries += 1) {
    if (existsSync(join(home.dataDir, 'claude-mem.db'))) {
      const [row] = queryDb<T>(home.dataDir, sql);
      if (row && ready(row)) return row;
    }
    await sleep(200);
  }
  return undefined;
}

/**
 * Waits until compression has settled: no event pending and every one of `counts` (a name to a
 * `SELECT COUNT(...)`) at `least` or more. Returns the counts then, or undefined when it never was.
 */
export async function waitForCounts<K extends string>(
  home: TestHome,
  counts: Record<K, string>,
  least = 1,
): Promise<Record<K, number> | undefined> {
  const names = Object.keys(counts) as K[];
  const columns = names.map((name) => `(${counts[name]}) AS ${name}`);
  const sql = `SELECT ${columns.join(', ')},
    (SELECT COUNT(*) FROM events WHERE state = 'pending') AS pending_events`;
  const row = await waitForRow<Record<K | 'pending_events', number>>(
    home,
    sql,
    (found) => found.pending_events === 0 && names.every((name) => found[name] >= least),
  );
  return row;
}
