import { join, resolve } from 'node:path';
import { readTextIfAny } from './project.ts';

// Read from files, without spawning git (anchors and team identity run it often).

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
