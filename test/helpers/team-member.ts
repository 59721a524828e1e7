import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type pg from 'pg';
import { createLogger } from '../../src/config/index.ts';
import { openDatabase, type Db } from '../../src/store/index.ts';
import { createTeamSync } from '../../src/team/sync.ts';
import type { PostgresServer } from './postgres-server.ts';
import { makeClone, OBSERVATION_SQL, SESSION_SQL } from './team-fixture.ts';
import { tempDir } from './temp-dir.ts';

/** The team project id of the fixture's widget repository (both remotes normalize to it). */
export const WIDGET = 'host/acme/widget';

/** How a {@link teamMachine} differs from the plain one. */
export interface MachineOptions {
  /** The clone's origin (default the https form; the ssh form names the same project). */
  remote?: string;
  /** How the sync engine makes its PostgreSQL clients (a test's faulty one). */
  newClient?: (config: pg.ClientConfig) => pg.Client;
}

/**
 * One machine of a team member: a store in a temp dir with a clone `folder` of the widget
 * repository, a sync engine as `role`, and helpers that write rows as capture would (in any
 * number of sessions), share them and run rounds.
 */
export function teamMachine(
  t: TestContext,
  server: PostgresServer,
  role: string,
  folder: string,
  options: MachineOptions = {},
) {
  const dir = tempDir(t);
  const db = openDatabase(join(dir, 'claude-mem.db'));
  t.after(() => db.close());
  const root = makeClone(dir, folder, options.remote ?? 'https://host/acme/widget');
  const session = (sid: string): void => {
    db.prepare(SESSION_SQL).run({ sid, project: folder, root });
  };
  session(`${role}-${folder}-s1`);
  const sync = createTeamSync({
    db,
    dataDir: dir,
    now: Date.now,
    log: createLogger(dir, 'worker', 'error'),
    target: () => ({ url: server.urlFor(role), team: 'acme' }),
    ...(options.newClient ? { newClient: options.newClient } : {}),
  });
  t.after(() => sync.close());
  const observe = (title: string, sid = `${role}-${folder}-s1`, narrative = ''): number =>
    Number(
      db.prepare(OBSERVATION_SQL).run({ sid, project: folder, title, narrative }).lastInsertRowid,
    );
  const summarize = (sid: string, prompt: number, learned: string): number =>
    Number(
      db
        .prepare(
          `INSERT INTO summaries (session_id, project, prompt_number, learned, created_at, scope)
           VALUES ((SELECT id FROM sessions WHERE session_id = ?), ?, ?, ?, 5, 'team')`,
        )
        .run(sid, folder, prompt, learned).lastInsertRowid,
    );
  const share = (id: number, table = 'observations'): void => {
    db.prepare(`UPDATE ${table} SET scope = 'team' WHERE id = ?`).run(id);
  };
  /** Runs rounds until one ends without error and changes nothing more (at most `max`). */
  const settle = async (max = 5) => {
    let last = await sync.syncNow();
    for (let i = 1; i < max && (last.lastError !== null || last.lastPulled > 0); i += 1) {
      last = await sync.syncNow();
    }
    return last;
  };
  return { db, dir, root, sync, session, observe, summarize, share, settle, project: folder };
}

/** A one-number answer of `sql` in `db`. */
export const countOf = (db: Db, sql: string, ...args: unknown[]): number =>
  Number(
    db
      .prepare(sql)
      .pluck()
      .get(...args),
  );
