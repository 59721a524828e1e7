import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { workerRequest, type WorkerResponse } from '../../src/client/index.ts';
import { openDatabase, type Db } from '../../src/store/index.ts';
import { cli } from './cli.ts';
import { createTestHome, type TestHome } from './env.ts';
import type { PostgresServer } from './postgres-server.ts';
import { makeClone } from './team-fixture.ts';
import { startWorker, stopWorker, tokenOf } from './worker.ts';

/** A member's machine with a real worker syncing every 300 ms, connected as `role`. */
export interface TeamWorkerMachine {
  home: TestHome;
  db: Db;
  root: string;
  project: string;
  get(path: string): Promise<WorkerResponse>;
}

/** Starts a machine: data folder, a clone `folder` of the widget repository, `team connect`. */
export async function teamWorkerMachine(
  t: TestContext,
  server: PostgresServer,
  role: string,
  folder: string,
): Promise<TeamWorkerMachine> {
  const home = await createTestHome({ CLAUDE_MEM_TEAM_SYNC_EVERY_MS: '300' });
  t.after(async () => {
    await stopWorker(home);
    home.cleanup();
  });
  const root = makeClone(join(home.dataDir, '..'), folder, 'https://host/acme/widget');
  const connect = await cli(['team', 'connect', server.urlFor(role), '--team', 'acme'], home.env);
  assert.equal(connect.code, 0, connect.stderr);
  const db = openDatabase(join(home.dataDir, 'claude-mem.db'));
  t.after(() => db.close());
  const at = Date.now();
  db.prepare(
    `INSERT INTO sessions (session_id, project, project_root, cwd, started_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(`${role}-s1`, folder, root, root, at, at);
  await startWorker(home);
  const get = (path: string) => workerRequest(home.port, path, { token: tokenOf(home) });
  return { home, db, root, project: folder, get };
}
