import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';

/** Which project a session belongs to. */
export interface Project {
  name: string;
  root: string;
}

/** A file's text, or undefined when it cannot be read. */
export function readTextIfAny(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Whether `path` is a folder; false for anything else, a path that cannot exist included. */
function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

// project.ts keeps its own small git reading (git-files.ts builds on it): it runs in every hook,
// and the hook bundle should carry only what resolving a project needs.

/** The work tree holding `cwd`: the folder with `.git` (a dir, or a linked worktree's file). */
export function workTreeOf(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    if (isDir(dotGit) || readTextIfAny(dotGit)?.startsWith('gitdir:')) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The main worktree root of the repository containing `top`. A linked worktree's `.git` file
 * points at `<common>/worktrees/<name>`, whose `commondir` names the shared git dir; the main
 * worktree is the folder around that common dir. Resolved from files, without spawning git,
 * because this runs in every hook.
 */
function mainWorktreeRoot(top: string): string {
  const gitFile = readTextIfAny(join(top, '.git'));
  if (gitFile === undefined) return top;
  const gitDirText = gitFile.replace(/^gitdir:\s*/, '').trim();
  const gitDir = isAbsolute(gitDirText) ? gitDirText : resolve(top, gitDirText);
  const commonText = readTextIfAny(join(gitDir, 'commondir'))?.trim();
  if (!commonText) return top;
  const common = isAbsolute(commonText) ? commonText : resolve(gitDir, commonText);
  return basename(common) === '.git' ? dirname(common) : top;
}

function overrideName(root: string): string | undefined {
  const text = readTextIfAny(join(root, '.claude-mem.json'));
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as { project?: unknown };
    return typeof parsed.project === 'string' && parsed.project.trim() !== ''
      ? parsed.project.trim()
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Project identity of `cwd`: every worktree of one repository maps to one project, named after
 * the main worktree's folder. `CLAUDE_MEM_PROJECT` or `{"project": "..."}` in `.claude-mem.json`
 * at the repository root override the name. Outside git: basename(cwd).
 */
export function resolveProject(cwd: string, env: NodeJS.ProcessEnv = process.env): Project {
  const top = workTreeOf(cwd);
  const root = top === undefined ? resolve(cwd) : mainWorktreeRoot(top);
  const fromEnv = env.CLAUDE_MEM_PROJECT?.trim();
  // A linked worktree may carry its own .claude-mem.json; in the main checkout top is root.
  const fromTop = top !== undefined && top !== root ? overrideName(top) : undefined;
  const name = fromEnv || overrideName(root) || fromTop || basename(root);
  return { name: name || root, root };
}
