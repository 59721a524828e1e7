import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { gitDirs, readTextIfAny } from '../config/index.ts';

/** Where HEAD pointed when an anchor was made. */
export interface HeadInfo {
  commit: string | null;
  branch: string | null;
}

const GIT_TIMEOUT_MS = 2000;

function resolveRef(common: string, ref: string): string | null {
  const loose = readTextIfAny(join(common, ref))?.trim();
  if (loose) return loose;
  const packed = readTextIfAny(join(common, 'packed-refs')) ?? '';
  const line = packed.split('\n').find((entry) => entry.endsWith(` ${ref}`));
  return line ? line.slice(0, line.indexOf(' ')) : null;
}

/**
 * HEAD's commit and branch, read from files (no git process): `ref: refs/heads/x` names the
 * branch, a bare id is a detached HEAD. Nothing known outside git.
 */
export function readHead(tree: string | undefined): HeadInfo {
  const dirs = tree === undefined ? undefined : gitDirs(tree);
  const head = dirs && readTextIfAny(join(dirs.gitDir, 'HEAD'))?.trim();
  if (!dirs || !head) return { commit: null, branch: null };
  if (!head.startsWith('ref:')) return { commit: head, branch: null };
  const ref = head.slice(4).trim();
  const commit = resolveRef(dirs.gitDir, ref) ?? resolveRef(dirs.common, ref);
  return { commit, branch: ref.replace(/^refs\/heads\//, '') };
}

function git(tree: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', ['-C', tree, ...args], {
      encoding: 'utf8',
      timeout: GIT_TIMEOUT_MS,
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch {
    return undefined;
  }
}

/** Which of `paths` (relative to the tree) git tracks; none when git cannot tell. */
export function trackedPaths(tree: string, paths: readonly string[]): Set<string> {
  if (paths.length === 0) return new Set();
  const out = git(tree, ['ls-files', '-z', '--', ...paths]) ?? '';
  return new Set(out.split('\0').filter((path) => path !== ''));
}

/**
 * Renames git sees between `commit` and the work tree (old path -> new path), tracked files
 * only. Empty when git cannot tell (no git, an unknown commit after a gc, a timeout).
 */
export function renamesSince(tree: string, commit: string): Map<string, string> {
  const out = git(tree, ['diff', '-M', '--name-status', '-z', commit, '--']) ?? '';
  const fields = out.split('\0');
  const renames = new Map<string, string>();
  for (let i = 0; i < fields.length; i += 1) {
    const status = fields[i] ?? '';
    if (status.startsWith('R') || status.startsWith('C')) {
      if (status.startsWith('R')) renames.set(fields[i + 1] ?? '', fields[i + 2] ?? '');
      i += 2;
    } else if (status !== '') i += 1;
  }
  return renames;
}
