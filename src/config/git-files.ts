import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

// Read from files, without spawning git: these run in every hook.

/** A file's text, or undefined when it cannot be read. */
export function readTextIfAny(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Whether `path` is a folder; false for anything else, a path that cannot exist included (a NUL byte). */
function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The work tree holding `cwd` (the folder with `.git`, a dir or a linked worktree's file). */
export function workTreeOf(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    // A folder can't be read as text: a `.git` that reads is the file of a linked worktree.
    if (isDir(dotGit) || readTextIfAny(dotGit)?.startsWith('gitdir:')) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The git dir of a work tree and the common dir its refs and config live in: they differ in a
 * linked worktree, whose `.git` file points at `<common>/worktrees/<name>` holding `commondir`.
 */
export function gitDirs(tree: string): { gitDir: string; common: string } {
  const dotGit = join(tree, '.git');
  const file = readTextIfAny(dotGit);
  if (file === undefined) return { gitDir: dotGit, common: dotGit };
  const text = file.replace(/^gitdir:\s*/, '').trim();
  const gitDir = resolve(tree, text);
  const common = readTextIfAny(join(gitDir, 'commondir'))?.trim();
  return { gitDir, common: common ? resolve(gitDir, common) : gitDir };
}
