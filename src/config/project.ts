import { basename, dirname, join, resolve } from 'node:path';
import { gitDirs, readTextIfAny, workTreeOf } from './git-files.ts';

/** Which project a session belongs to. */
export interface Project {
  name: string;
  root: string;
}

/**
 * The main worktree root of the repository containing `top`. A linked worktree's `.git` file
 * points at `<common>/worktrees/<name>`, whose `commondir` names the shared git dir; the main
 * worktree is the folder around that common dir. Resolved from files, without spawning git,
 * because this runs in every hook.
 */
function mainWorktreeRoot(top: string): string {
  const { gitDir, common } = gitDirs(top);
  return common !== gitDir && basename(common) === '.git' ? dirname(common) : top;
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
