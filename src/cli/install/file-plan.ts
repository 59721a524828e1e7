import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  rmdirSync,
  statSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../../config/index.ts';
import { CliError } from '../cli-error.ts';

/**
 * One file install or uninstall will change, planned before any is written so that a file we
 * may not touch stops the whole run with nothing changed.
 */
export interface FileChange {
  path: string;
  /** The text now; undefined when the file does not exist. */
  before: string | undefined;
  /** The text after; undefined removes the file. */
  after: string | undefined;
  /**
   * `write`: copy `before` to the backup first (a first install); `drop`: remove the backup
   * once every file is written (uninstall); `keep`: leave it as it is.
   */
  backup: 'write' | 'drop' | 'keep';
}

/** Where install keeps the file as it found it. */
export const backupPath = (path: string): string => `${path}.claude-mem.bak`;

const NOTHING = 'nothing was changed';

/** The text of a settings file, or undefined when there is none; a folder there is refused. */
export function readSettingsText(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  if (statSync(path).isDirectory()) {
    throw new CliError(`${path} is a folder, not a settings file: move it away; ${NOTHING}`);
  }
  return readFileSync(path, 'utf8');
}

function writable(path: string, what: string): void {
  const stat = statSync(path);
  // Root may write anything, so the mode bits are read too: a read-only file is the user's
  // "leave this alone", whoever runs install.
  const readOnly = (stat.mode & 0o200) === 0;
  let denied = '';
  try {
    accessSync(path, constants.W_OK); // EPERM for an immutable file (chattr +i), EROFS, EACCES
  } catch (error) {
    denied = (error as NodeJS.ErrnoException).code ?? 'denied';
  }
  if (!readOnly && !denied) return;
  const mode = `mode ${(stat.mode & 0o777).toString(8).padStart(4, '0')}`;
  const why = denied ? `${denied}, ${mode}` : mode;
  throw new CliError(
    `${path} is read-only (${why}): claude-mem needs to change this ${what}; make it writable (chmod u+w "${path}"${denied === 'EPERM' ? `, chattr -i "${path}"` : ''}) and run the command again; ${NOTHING}`,
  );
}

/** The file a path names: a settings file linked from a dotfiles folder is written there. */
const target = (path: string): string => (existsSync(path) ? realpathSync(path) : path);

/** Throws, naming the file and the remedy, when `path` or the folder it goes in is not writable. */
export function checkWritable(link: string): void {
  const path = target(link);
  if (existsSync(path)) {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      throw new CliError(`${path} is a folder, not a settings file: move it away; ${NOTHING}`);
    }
    writable(path, 'file');
  }
  let folder = dirname(path);
  while (!existsSync(folder) && dirname(folder) !== folder) folder = dirname(folder);
  if (!statSync(folder).isDirectory()) {
    throw new CliError(`${folder} is a file where a folder should be (for ${path}); ${NOTHING}`);
  }
  writable(folder, 'folder (the file and its backup are written in it)');
}

/** Checks every file a plan changes (what a dry run shows will then not stop the real run). */
export function checkChanges(changes: FileChange[]): void {
  for (const change of changes) if (change.after !== change.before) checkWritable(change.path);
}

/** The file operations `applyChanges` does, a seam for the test of a failure midway. */
export interface FileIo {
  write(path: string, text: string, mode: number): void;
  remove(path: string): void;
}

const fileIo: FileIo = {
  write: (path, text, mode) => writeFileAtomic(path, text, mode, false),
  remove: (path) => rmSync(path, { force: true }),
};

/** Folders `path` needs that are missing, outermost first. */
function missingFolders(path: string): string[] {
  const missing: string[] = [];
  for (let dir = dirname(path); !existsSync(dir); dir = dirname(dir)) missing.unshift(dir);
  return missing;
}

function put(io: FileIo, link: string, text: string | undefined): void {
  if (text === undefined) return io.remove(link);
  const path = target(link); // replacing the link by a file would cut it from the user's folder
  const mode = existsSync(path) ? statSync(path).mode & 0o777 : 0o600;
  mkdirSync(dirname(path), { recursive: true });
  io.write(path, text, mode);
}

/** One step of a rollback; the others still run when one fails (a folder left is harmless). */
function undoQuietly(step: () => void): void {
  try {
    step();
  } catch {
    // The error the user sees is the write that failed; this one would only hide it.
  }
}

/**
 * Writes every change or none: each file is checked first, and when a write still fails, the
 * files already written, the backups made and the folders created are put back as they were.
 */
export function applyChanges(changes: FileChange[], io: FileIo = fileIo): void {
  checkChanges(changes);
  const undo: Array<() => void> = [];
  let current = '';
  try {
    for (const change of changes) {
      current = change.path;
      const folders = missingFolders(change.path);
      undo.push(() => folders.reverse().forEach((dir) => rmdirSync(dir)));
      if (change.backup === 'write' && change.before !== undefined) {
        const backup = backupPath(change.path);
        const old = existsSync(backup) ? readFileSync(backup, 'utf8') : undefined;
        current = backup;
        put(io, backup, change.before);
        undo.push(() => put(io, backup, old));
        current = change.path;
      }
      if (change.after === change.before) continue; // only its stale backup goes
      put(io, change.path, change.after);
      undo.push(() => put(io, change.path, change.before));
    }
  } catch (error) {
    for (const step of undo.reverse()) undoQuietly(step);
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new CliError(
      `could not write ${current} (${code}); the files written before it were put back, ${NOTHING}: check that ${dirname(current)} is writable and has free space, then run the command again`,
    );
  }
  for (const change of changes) {
    if (change.backup === 'drop') io.remove(backupPath(change.path));
  }
}
