import Database from 'better-sqlite3';
import { chmodSync, copyFileSync, existsSync, renameSync } from 'node:fs';
import { askWorkerToStop, liveWorker } from '../../client/index.ts';
import { databaseFile } from '../../config/index.ts';
import { listSpool } from '../../spool/index.ts';
import { openDatabase } from '../../store/index.ts';
import { CliError } from '../cli-error.ts';
import { importCommand } from '../commands/import-command.ts';
import { restartWorker } from '../worker-call.ts';

type Print = (line: string) => void;

/** Where the new database comes from. */
export type RepairSource = { backup: string } | { export: string };

/** What a repair works with; the defaults are the real process. */
export interface RepairDeps {
  dataDir: string;
  cliEntry: string;
  print: Print;
  env?: NodeJS.ProcessEnv;
  now?: () => number;
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** A backup must be a sound claude-mem database before the damaged one is moved aside. */
function checkBackup(file: string): void {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`quick_check: ${String(check)}`);
    db.prepare('SELECT MAX(version) FROM schema_migrations').get();
  } catch (error) {
    throw new CliError(`${file} is not a sound claude-mem database: ${(error as Error).message}`);
  } finally {
    db?.close();
  }
}

/** Stops this data folder's worker (it holds the database open) and waits until it is gone. */
async function stopWorker(dataDir: string, print: Print): Promise<void> {
  const info = liveWorker(dataDir);
  if (!info) return;
  askWorkerToStop(info.pid);
  for (let waited = 0; waited < 10_000 && liveWorker(dataDir); waited += 100) await sleep(100);
  if (liveWorker(dataDir)) askWorkerToStop(info.pid, 'SIGKILL');
  for (let waited = 0; waited < 2_000 && liveWorker(dataDir); waited += 100) await sleep(100);
  print(`stopped the worker (pid ${info.pid})`);
}

/**
 * Moves the damaged database and its WAL side files aside under one stamped name: kept for
 * inspection or recovery, never deleted. Returns the new name of the main file.
 */
function moveAside(file: string, now: number): string {
  const aside = `${file}.damaged-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(`${file}${suffix}`)) renameSync(`${file}${suffix}`, `${aside}${suffix}`);
  }
  return aside;
}

/** Copies the backup into place (temp file, rename) and brings its schema up to date. */
function restoreBackup(backup: string, file: string): void {
  const temp = `${file}.restore.tmp`;
  copyFileSync(backup, temp);
  chmodSync(temp, 0o600);
  renameSync(temp, file);
  openDatabase(file).close();
}

/**
 * `claude-mem doctor --repair --from-backup FILE | --from-export FILE`: rebuilds a damaged
 * database. Stops the worker, moves the damaged file aside (never deletes it), restores the
 * backup (or starts from an empty database), starts the worker, which ingests what waited in
 * the spool, and imports the export. Returns the exit code.
 */
export async function repairDatabase(source: RepairSource, deps: RepairDeps): Promise<number> {
  const { dataDir, print } = deps;
  const env = deps.env ?? process.env;
  if ('backup' in source) checkBackup(source.backup);
  else if (!existsSync(source.export)) throw new CliError(`${source.export} does not exist`);
  await stopWorker(dataDir, print);
  const file = databaseFile(dataDir);
  if (existsSync(file)) {
    print(`moved the damaged database aside: ${moveAside(file, (deps.now ?? Date.now)())}`);
  }
  if ('backup' in source) restoreBackup(source.backup, file);
  const waiting = listSpool(dataDir).length;
  const worker = await restartWorker(dataDir, deps.cliEntry, env, 15_000);
  if ('export' in source)
    await importCommand([source.export], print, { cliEntry: deps.cliEntry, env });
  const from = 'backup' in source ? `the backup ${source.backup}` : `the export ${source.export}`;
  print(
    `database rebuilt from ${from}; the worker (pid ${worker.pid}) ingests the ${waiting} events waiting in the spool`,
  );
  return 0;
}
