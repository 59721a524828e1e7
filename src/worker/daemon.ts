import { serve, type ServerType } from '@hono/node-server';
import { rmSync } from 'node:fs';
import {
  VERSION,
  createLogger,
  dataDirFrom,
  databaseFile,
  ensureDataDir,
  loadSettings,
  pidFile,
  spawnLockFile,
  writeFileAtomic,
  type Logger,
} from '../config/index.ts';
import {
  portConflict,
  portHolder,
  readOrCreateToken,
  readWorkerInfo,
  replaceOutdatedWorker,
} from '../client/index.ts';
import { redactSecrets } from '../privacy/index.ts';
import { openDatabase, type Db } from '../store/index.ts';
import { createApp } from './app.ts';
import { createOpenLinks } from './open-links.ts';
import { openLinkUrl } from './open-link-routes.ts';
import { createCompressionService } from './compression/compression-service.ts';
import { createRecallService } from './recall/recall-service.ts';
import { createConsolidationService } from './admin/consolidation-service.ts';
import { createMaintenanceService } from './admin/maintenance-service.ts';
import { createRetentionService } from './admin/retention-service.ts';
import { createTeamService } from './team/team-service.ts';
import { createHookTraffic } from './hook-traffic.ts';
import { createViewerService } from './viewer/viewer-service.ts';
import { createLedgerService } from './ledger/ledger-service.ts';
import { acquireDataLock } from './data-lock.ts';
import { createDiskHealth } from './disk-health.ts';
import { createDbHealth, faultAdvice, isDbFault } from './db-fault.ts';
import { startIngestLoop } from './capture/ingest-loop.ts';
import type { WorkerService } from './service.ts';
import type { WorkerDeps } from './worker-deps.ts';

function listen(app: ReturnType<typeof createApp>, port: number): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(server));
    server.once('error', reject);
  });
}

/**
 * Runs the worker daemon in this process until SIGTERM/SIGINT. Exactly one runs per data
 * folder: it holds the folder's lock for its whole life, and a second worker, whatever its port,
 * exits naming the first. Returns the exit code.
 */
export async function runWorker(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const dataDir = dataDirFrom(env);
  ensureDataDir(dataDir);
  const { settings, problems } = loadSettings(dataDir, env);
  const log = createLogger(dataDir, 'worker', settings['log.level']);
  // A problem quotes the bad value, which may be a key pasted into the wrong setting.
  for (const problem of problems)
    log.log('warn', `setting ${problem.key}: ${redactSecrets(problem.message)}`);
  const port = settings['worker.port'];
  const replaced = await replaceOutdatedWorker(dataDir);
  if (replaced) log.log('info', `took over from the older worker (pid ${replaced})`);
  const lock = await acquireDataLock(dataDir, replaced ? 10_000 : 0);
  if (!lock) return folderTaken(dataDir, port, log);
  const db = openOrExplain(dataDir, log);
  if (!db) {
    lock.release();
    return 1;
  }
  // Once open (migrations may wait the full 15 s): a write that waits for another process's lock
  // blocks the event loop (better-sqlite3 is synchronous), so at most 2 s, and /health and reads
  // keep answering. A write that gives up leaves its work pending (compression, ingest) or
  // answers 503 DB_BUSY (routes).
  db.pragma('busy_timeout = 2000');
  const startedAt = Date.now();
  const hookTraffic = createHookTraffic();
  const deps: WorkerDeps = {
    db,
    dataDir,
    port,
    token: readOrCreateToken(dataDir),
    links: createOpenLinks(),
    version: VERSION,
    startedAt,
    settings,
    log,
    now: Date.now,
    dbHealth: createDbHealth(),
    hookTraffic,
    diskHealth: createDiskHealth(dataDir),
    onApplied: (applied) => {
      // Captured events mean a session is at work: background pulls pace themselves.
      if (applied.length > 0) hookTraffic.touch();
      for (const service of services) service.onApplied?.(applied);
    },
  };
  const team = createTeamService(deps);
  deps.teamFirstPull = team.firstPull;
  const services = [
    createCompressionService(deps),
    createRecallService(deps),
    createRetentionService(deps),
    createViewerService(deps),
    createLedgerService(deps),
    team,
    createMaintenanceService(deps),
    createConsolidationService(deps),
  ];
  let server: ServerType;
  try {
    server = await listen(createApp(deps, services), port);
  } catch (error) {
    await Promise.all(services.map((service) => service.stop()));
    db.close();
    lock.release();
    return portTaken(error, port, dataDir, log);
  }
  writeFileAtomic(
    pidFile(dataDir),
    JSON.stringify({ pid: process.pid, port, version: VERSION, startedAt }),
  );
  rmSync(spawnLockFile(dataDir), { force: true });
  for (const service of services) service.start?.();
  const loop = startIngestLoop({
    dataDir,
    db,
    log,
    dbHealth: deps.dbHealth,
    diskHealth: deps.diskHealth,
    onApplied: (applied) => deps.onApplied(applied),
    settings: () => deps.settings,
  });
  log.log('info', `worker ${VERSION} listening on 127.0.0.1:${port}`, { pid: process.pid });
  // The start line, for whoever runs `worker run` in a terminal (hooks spawn it without stdout):
  // a one-time sign-in link, kept out of the log file.
  process.stdout.write(`claude-mem worker on 127.0.0.1:${port}; viewer: ${openLinkUrl(deps)}\n`);
  return new Promise((resolve) => {
    const stop = async (signal: string): Promise<void> => {
      log.log('info', `worker stopping (${signal})`);
      server.close();
      await loop.stop();
      await stopServices(services, log);
      db.close();
      // Before the PID file goes: a newer worker taking over waits for that, then for the lock.
      lock.release();
      if (readWorkerInfo(dataDir)?.pid === process.pid) rmSync(pidFile(dataDir), { force: true });
      resolve(0);
    };
    process.once('SIGTERM', () => void stop('SIGTERM'));
    process.once('SIGINT', () => void stop('SIGINT'));
  });
}

/**
 * How long shutdown waits for the services (a compression call in flight gets 5 s) before the
 * worker exits anyway: while it lingers, its PID file tells hooks a worker runs, so none starts
 * a new one. Whatever is unfinished stays pending in the database for the next worker.
 */
const SERVICES_STOP_MS = 10_000;

async function stopServices(services: readonly WorkerService[], log: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), SERVICES_STOP_MS);
  });
  const stopped = Promise.all(services.map((service) => service.stop())).then(() => 'stopped');
  if ((await Promise.race([stopped, late])) === 'late') {
    log.log('warn', `services did not stop within ${SERVICES_STOP_MS} ms; exiting anyway`);
  }
  clearTimeout(timer);
}

/**
 * Opens the database; a damaged or unwritable one is logged with what to do (the events wait in
 * the spool, and doctor names the repair) and the worker exits 1.
 */
function openOrExplain(dataDir: string, log: Logger): Db | undefined {
  try {
    return openDatabase(databaseFile(dataDir));
  } catch (error) {
    if (!isDbFault(error)) throw error;
    const code = String((error as { code?: unknown }).code);
    log.log(
      'error',
      `cannot open the database (${code}: ${(error as Error).message}): ${faultAdvice(code)}`,
    );
    process.stderr.write(`claude-mem: cannot open the database (${code}): ${faultAdvice(code)}\n`);
    return undefined;
  }
}

/**
 * Another worker holds the data folder. Named from its PID file (absent while it is still
 * starting). Exit 0 when it serves our port (two starts raced: nothing is wrong), else 1.
 */
function folderTaken(dataDir: string, port: number, log: Logger): number {
  const holder = readWorkerInfo(dataDir);
  const who = holder ? `pid ${holder.pid}, port ${holder.port}` : 'still starting';
  const message = `another worker (${who}) already runs for the data folder ${dataDir}; this one exits. To run this one, stop that first: claude-mem worker stop`;
  const benign = holder === undefined || holder.port === port;
  log.log(benign ? 'info' : 'error', message);
  process.stderr.write(`claude-mem: ${message}\n`);
  return benign ? 0 : 1;
}

async function portTaken(
  error: unknown,
  port: number,
  dataDir: string,
  log: Logger,
): Promise<number> {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') {
    log.log('error', `worker cannot listen on 127.0.0.1:${port}: ${String(error)}`);
    return 1;
  }
  const conflict = portConflict(await portHolder(port, dataDir));
  if (!conflict) {
    log.log('info', `a worker already runs on port ${port}; this one exits`);
    return 0;
  }
  log.log(
    'error',
    `port ${port} is ${conflict}; the worker exits. Hooks keep capturing into the spool. Choose another port: claude-mem config set worker.port <n>`,
  );
  return 1;
}
