import { readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { workTreeOf } from '../config/index.ts';
import type { AnchorInput, AnchorOrigin } from '../store/index.ts';
import { MAX_ANCHOR_BYTES, digestOf } from './file-digest.ts';
import { readHead, trackedPaths, type HeadInfo } from './git-tree.ts';

/** Capture times and file times come from one clock, but mtimes are coarse on some file systems. */
const MTIME_SLACK_MS = 2000;

/** A file named by an observation: its anchor path and where it is now. */
interface Located {
  path: string;
  abs: string;
}

/** `rel` (from `relative(tree, x)`) names something inside the tree, not the tree itself. */
const isInside = (rel: string): boolean =>
  rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);

/** Where `abs` really is: symlinks resolved, or its folder's for a file that does not exist. */
function realOf(abs: string): string | undefined {
  for (let at = abs, rest = ''; ; at = dirname(at)) {
    try {
      return join(realpathSync(at), rest);
    } catch {
      if (dirname(at) === at) return undefined;
      rest = join(at.slice(dirname(at).length + 1), rest);
    }
  }
}

/**
 * The anchor path of `file` in `tree`, relative; undefined for a file outside the repository
 * (an absolute path elsewhere, `../..`, or a symlink that leads out): an anchor says whether the
 * repository still holds what the agent saw, and would otherwise hash any file of the machine
 * the model named, ~/.ssh included (issue 31).
 */
function locate(file: string, tree: string, realTree: string): Located | undefined {
  const abs = isAbsolute(file) ? file : join(tree, file);
  const rel = relative(tree, abs);
  if (!isInside(rel)) return undefined;
  const real = realOf(abs);
  if (real === undefined || !isInside(relative(realTree, real))) return undefined;
  return { path: rel.split(sep).join('/'), abs };
}

function anchorOne(
  file: Located,
  tracked: ReadonlySet<string>,
  head: HeadInfo,
  turnEnd: number,
): AnchorInput | undefined {
  const base = { path: file.path, hash: null, lines: null, ...head };
  const stat = statSync(file.abs, { throwIfNoEntry: false });
  if (!stat) return { ...base, kind: 'missing' };
  if (!stat.isFile()) return undefined;
  if (stat.size > MAX_ANCHOR_BYTES) return { ...base, kind: 'large' };
  if (stat.mtimeMs > turnEnd + MTIME_SLACK_MS) return { ...base, kind: 'late' };
  const digest = digestOf(readFileSync(file.abs));
  if (digest.binary) return { ...base, kind: 'binary' };
  return tracked.has(file.path)
    ? { ...base, kind: 'git', hash: digest.git, lines: digest.lines }
    : { ...base, kind: 'sha256', hash: digest.sha256, lines: digest.lines };
}

/**
 * Anchors for the files an observation names (paths relative to the project root, or absolute),
 * made in the worker at compression time, for files inside the repository only: the work tree is the one the session ran in (a linked
 * worktree has its own), tracked files get their git blob id, others a sha256. A file that
 * changed after the turn ended is `late`: what the agent saw is no longer on disk. Never throws
 * for a file: an unreadable one is left without an anchor.
 */
export function makeAnchors(files: readonly string[], origin: AnchorOrigin): AnchorInput[] {
  const gitTree = workTreeOf(origin.cwd);
  const tree = gitTree ?? origin.projectRoot;
  // A session from another machine (backfill, import): nothing here says what the agent saw.
  if (!statSync(tree, { throwIfNoEntry: false })?.isDirectory()) return [];
  const realTree = realpathSync(tree);
  const located = [...new Set(files)]
    .map((file) => locate(file, tree, realTree))
    .filter((file): file is Located => file !== undefined);
  const tracked = gitTree
    ? trackedPaths(
        gitTree,
        located.map((f) => f.path),
      )
    : new Set<string>();
  const head = readHead(gitTree);
  const byPath = new Map<string, AnchorInput>();
  for (const file of located) {
    try {
      const anchor = anchorOne(file, tracked, head, origin.turnEnd);
      if (anchor) byPath.set(anchor.path, anchor);
    } catch {
      // Unreadable (permissions, a race with a delete): no anchor rather than a failed batch.
    }
  }
  return [...byPath.values()];
}
