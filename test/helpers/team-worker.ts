import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type { HookRun } from '../../src/cli/hook-process.ts';
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
  /** What `team connect` printed. */
  connect: HookRun;
  get(path: string): Promise<WorkerResponse>;
}

/** How a {@link teamWorkerMachine} differs from the plain one. */
export interface WorkerMachineOptions {
  /** The clone's origin (default the https form; the ssh form names the same project). */
  remote?: string;
  /** Writes rows into the store before the worker starts (its session is row 1). */
  seed?: (db: Db) => void;
}

/** Starts a machine: data folder, a clone `folder` of the widget repository, `team connect`. */
export async function teamWorkerMachine(
  t: TestContext,
  server: PostgresServer,
  role: string,
  folder: string,
  options: WorkerMachineOptions = {},
): Promise<TeamWorkerMachine> {
  const home = await createTestHome({ CLAUDE_MEM_TEAM_SYNC_EVERY_MS: '300' });
  t.after(async () => {
    await stopWorker(home);
    home.cleanup();
  });
  const root = makeClone(
    join(home.dataDir, '..'),
    folder,
    options.remote ?? 'https://host/acme/widget',
  );
  const connect = await cli(['team', 'connect', server.urlFor(role), '--team', 'acme'], home.env);
  assert.equal(connect.code, 0, connect.stderr);
  const db = openDatabase(join(home.dataDir, 'claude-mem.db'));
  t.after(() => db.close());
  const at = Date.now();
  db.prepare(
    `INSERT INTO sessions (session_id, project, project_root, cwd, started_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(`${role}-s1`, folder, root, root, at, at);
  options.seed?.(db);
  await startWorker(home);
  const get = (path: string) => workerRequest(home.port, path, { token: tokenOf(home) });
  return { home, db, root, project: folder, connect, get };
}
