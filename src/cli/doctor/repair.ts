import Database from 'better-sqlite3';
import { chmodSync, copyFileSync, existsSync, renameSync } from 'node:fs';
import { askWorkerToStop, liveWorker } from '../../client/index.ts';
import { databaseFile } from '../../config/index.ts';
import { listSpool } from '../../spool/index.ts';
import { openDatabase, type Db } from '../../store/index.ts';
import { CliError } from '../cli-error.ts';
import { checkExport, importCommand } from '../commands/import-command.ts';
import { restartWorker } from '../worker-call.ts';
import type { Print } from '../cli-command.ts';

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
  let db: Db | undefined;
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
function moveAside(file: string, now: number, label = 'damaged'): string {
  const aside = `${file}.${label}-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
  moveFiles(file, aside);
  return aside;
}

/** Renames a database and its WAL side files together. */
function moveFiles(from: string, to: string): void {
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(`${from}${suffix}`)) renameSync(`${from}${suffix}`, `${to}${suffix}`);
  }
}

/**
 * Imports the export into the new database; when that fails, puts the original database back
 * (issue 30: a failed repair once left an empty one in its place) and keeps the partial one
 * aside too, then rethrows.
 */
async function importOrRestore(
  exportFile: string,
  file: string,
  original: string | undefined,
  deps: RepairDeps,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  try {
    await importCommand([exportFile], deps.print, { cliEntry: deps.cliEntry, env });
  } catch (error) {
    await stopWorker(deps.dataDir, deps.print);
    const partial = moveAside(file, (deps.now ?? Date.now)(), 'failed-repair');
    if (original) moveFiles(original, file);
    deps.print(
      `the import failed: ${original ? 'put the original database back' : 'no database was there before'}; the partial one is kept at ${partial}`,
    );
    await restartWorker(deps.dataDir, deps.cliEntry, env, 15_000).catch(() => undefined);
    throw error;
  }
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
  // A broken export is refused while the original database is still in place.
  else await checkExport(source.export);
  await stopWorker(dataDir, print);
  const file = databaseFile(dataDir);
  let original: string | undefined;
  if (existsSync(file)) {
    original = moveAside(file, (deps.now ?? Date.now)());
    print(`moved the damaged database aside: ${original}`);
  }
  if ('backup' in source) restoreBackup(source.backup, file);
  const waiting = listSpool(dataDir).length;
  const worker = await restartWorker(dataDir, deps.cliEntry, env, 15_000);
  if ('export' in source) await importOrRestore(source.export, file, original, deps, env);
  const from = 'backup' in source ? `the backup ${source.backup}` : `the export ${source.export}`;
  print(
    `database rebuilt from ${from}; the worker (pid ${worker.pid}) ingests the ${waiting} events waiting in the spool`,
  );
  return 0;
}
