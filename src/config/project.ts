import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';

/** Which project a session belongs to. */
export interface Project {
  name: string;
  root: string;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The folder holding `.git` (dir or worktree file) at or above `cwd`. */
function findGitTop(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    if (isDir(dotGit) || readText(dotGit)?.startsWith('gitdir:')) return dir;
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
  const gitFile = readText(join(top, '.git'));
  if (gitFile === undefined) return top;
  const gitDirText = gitFile.replace(/^gitdir:\s*/, '').trim();
  const gitDir = isAbsolute(gitDirText) ? gitDirText : resolve(top, gitDirText);
  const commonText = readText(join(gitDir, 'commondir'))?.trim();
  if (!commonText) return top;
  const common = isAbsolute(commonText) ? commonText : resolve(gitDir, commonText);
  return basename(common) === '.git' ? dirname(common) : top;
}

function overrideName(root: string): string | undefined {
  const text = readText(join(root, '.claude-mem.json'));
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
  const top = findGitTop(cwd);
  const root = top === undefined ? resolve(cwd) : mainWorktreeRoot(top);
  const fromEnv = env.CLAUDE_MEM_PROJECT?.trim();
  // A linked worktree may carry its own .claude-mem.json; in the main checkout top is root.
  const fromTop = top !== undefined && top !== root ? overrideName(top) : undefined;
  const name = fromEnv || overrideName(root) || fromTop || basename(root);
  return { name: name || root, root };
}
