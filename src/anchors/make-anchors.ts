import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
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

/** The anchor path of `file` in `tree`: relative inside it, absolute outside it. */
function locate(file: string, tree: string): Located {
  const abs = isAbsolute(file) ? file : join(tree, file);
  const rel = relative(tree, abs);
  const inside = rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
  return inside ? { path: rel.split(sep).join('/'), abs } : { path: abs, abs };
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
 * made in the worker at compression time: the work tree is the one the session ran in (a linked
 * worktree has its own), tracked files get their git blob id, others a sha256. A file that
 * changed after the turn ended is `late`: what the agent saw is no longer on disk. Never throws
 * for a file: an unreadable one is left without an anchor.
 */
export function makeAnchors(files: readonly string[], origin: AnchorOrigin): AnchorInput[] {
  const gitTree = workTreeOf(origin.cwd);
  const tree = gitTree ?? origin.projectRoot;
  // A session from another machine (backfill, import): nothing here says what the agent saw.
  if (!statSync(tree, { throwIfNoEntry: false })?.isDirectory()) return [];
  const located = [...new Set(files)].map((file) => locate(file, tree));
  const relativeOnes = located.filter((file) => !isAbsolute(file.path)).map((f) => f.path);
  const tracked = gitTree ? trackedPaths(gitTree, relativeOnes) : new Set<string>();
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
