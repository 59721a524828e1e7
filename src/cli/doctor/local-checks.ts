import Database from 'better-sqlite3';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  SETTINGS_SCHEMA,
  databaseFile,
  loadSettings,
  problemText,
  settingsFile,
  spoolDir,
} from '../../config/index.ts';
import { countQuarantined, listSpool, readSpoolError } from '../../spool/index.ts';
import { LATEST_VERSION, countRecoveredEvents, type Db } from '../../store/index.ts';
import { didYouMean } from '../suggest.ts';
import { fail, ok, warn, type CheckResult } from './check.ts';

/** Node >= 20. */
export function checkNode(version = process.versions.node): CheckResult {
  const major = Number(version.split('.')[0]);
  return major >= 20
    ? ok('node', `v${version}`)
    : fail('node', `v${version}: install Node 20 or newer`);
}

const mode = (path: string): number => statSync(path).mode & 0o777;

/** The data folder is 0700 and every file in it 0600. */
export function checkPermissions(dataDir: string): CheckResult {
  if (!existsSync(dataDir))
    return fail('data folder', `${dataDir} does not exist: run "claude-mem worker start"`);
  const loose = [dataDir, ...readdirSync(dataDir).map((name) => join(dataDir, name))].filter(
    (path) => {
      const isDir = statSync(path).isDirectory();
      return (mode(path) & (isDir ? 0o077 : 0o177)) !== 0;
    },
  );
  return loose.length === 0
    ? ok('data folder', `${dataDir} is private (0700, files 0600)`)
    : fail('data folder', `readable by others: ${loose.join(', ')}; run chmod 700/600 on them`);
}

const REPAIR =
  'the worker keeps captured events in the spool; rebuild with "claude-mem doctor --repair --from-backup FILE" (a copy of claude-mem.db) or "--from-export FILE" (from "claude-mem export"); the damaged file is kept aside';

/** quick_check's findings (one per line, possibly many) on one line of doctor's output. */
const oneLine = (text: string): string => {
  const flat = text.replace(/\s*\n\s*/g, ' / ');
  return flat.length > 240 ? `${flat.slice(0, 237)}...` : flat;
};

/** Rows that came in (pull, import) and were set aside by the row door, with the newest reason. */
function setAsideNote(db: Db): string | undefined {
  const rows = db
    .prepare('SELECT source, count(*) AS n, max(id) AS last FROM set_aside GROUP BY source')
    .all() as { source: string; n: number; last: number }[];
  if (rows.length === 0) return undefined;
  const newest = db
    .prepare('SELECT reason FROM set_aside ORDER BY id DESC LIMIT 1')
    .pluck()
    .get() as string;
  const counts = rows.map((row) => `${row.n} at ${row.source}`).join(', ');
  return `incoming rows set aside as unsound: ${counts} (newest: ${oneLine(newest)})`;
}

/** Tool calls recovered from transcripts at Stop (their background hook never arrived). */
function recoveredNote(db: Db): string {
  const recovered = countRecoveredEvents(db);
  return recovered === 0
    ? ''
    : `; ${recovered.toLocaleString('en-US')} tool events recovered from transcripts (their PostToolUse hook never arrived)`;
}

/** `PRAGMA quick_check` and the schema version; a damaged file says how to rebuild it. */
export function checkDatabase(dataDir: string): CheckResult {
  const file = databaseFile(dataDir);
  if (!existsSync(file)) return warn('database', 'not created yet (the worker creates it)');
  let db: Db | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok')
      return fail('database', `quick_check: ${oneLine(String(check))}; ${REPAIR}`);
    const version = (
      db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number }
    ).v;
    if (version !== LATEST_VERSION)
      return fail('database', `schema ${version}, expected ${LATEST_VERSION}: restart the worker`);
    const aside = setAsideNote(db);
    const detail = `quick_check ok, schema ${version}${recoveredNote(db)}`;
    return aside ? warn('database', `${detail}; ${aside}`) : ok('database', detail);
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? '');
    if (!/^SQLITE_(CORRUPT|NOTADB)/.test(code)) throw error;
    return fail('database', `${(error as Error).message} (${code}); ${REPAIR}`);
  } finally {
    db?.close();
  }
}

/**
 * Spool backlog and quarantine, whether the spool can be written at all (a probe), and whether
 * the last hook could (the failure it recorded in `state/spool-error`).
 */
export function checkSpool(dataDir: string): CheckResult {
  const failed = readSpoolError(dataDir);
  if (failed) {
    const when = Number.isFinite(failed.at) ? new Date(failed.at).toISOString() : 'recently';
    return fail(
      'spool',
      `a hook could not write ${spoolDir(dataDir)} at ${when} (${failed.code}): the event went to the disk-full reserve while it had room, else the session was told it was lost; free disk space or fix permissions (cleared by the next capture that succeeds)`,
    );
  }
  const probe = join(spoolDir(dataDir), `.doctor-${process.pid}.tmp`);
  try {
    writeFileSync(probe, 'probe', { mode: 0o600 });
    rmSync(probe);
  } catch (error) {
    return fail(
      'spool',
      `cannot write ${spoolDir(dataDir)} (${(error as NodeJS.ErrnoException).code ?? String(error)}): free disk space or fix permissions; hooks cannot capture until then`,
    );
  }
  const waiting = listSpool(dataDir).length;
  const quarantined = countQuarantined(dataDir);
  const detail = `${waiting.toLocaleString('en-US')} waiting, ${quarantined.toLocaleString('en-US')} quarantined`;
  if (quarantined > 0) return warn('spool', `${detail}: see spool/quarantine/*.reason`);
  return waiting > 1000 ? warn('spool', `${detail}: is the worker running?`) : ok('spool', detail);
}

/** settings.json and CLAUDE_MEM_* values are valid. */
export function checkSettings(dataDir: string): CheckResult {
  const { problems } = loadSettings(dataDir);
  if (problems.length === 0) return ok('settings', 'valid');
  // config set refuses to write over a file it cannot read, so it is no cure for that one.
  const fix = problems.some((problem) => problem.key === '(file)')
    ? `fix or remove ${settingsFile(dataDir)} by hand (config set will not write over a file it cannot read)`
    : problems.every((problem) => problem.source === 'env')
      ? 'fix or unset the variable'
      : 'fix with "claude-mem config set <key> <value>"';
  const keys = Object.keys(SETTINGS_SCHEMA);
  const texts = problems.map(
    (problem) =>
      `${problemText(problem)}${problem.message.startsWith('unknown setting') ? didYouMean(problem.key, keys) : ''}`,
  );
  return fail('settings', `${texts.join('; ')} - ${fix}`);
}
