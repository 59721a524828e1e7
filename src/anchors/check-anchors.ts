import { readFileSync, statSync, type Stats } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { StoredAnchor } from '../store/index.ts';
import { MAX_ANCHOR_BYTES, digestOf, type Digest } from './file-digest.ts';
import { renamesSince } from './git-tree.ts';
import type { AnchorState, AnchorVerdict, FileVerdict } from './types.ts';

/** A file as it is now. */
type FileNow = { kind: 'missing' } | { kind: 'large' } | { kind: 'file'; digest: Digest };

interface CacheEntry {
  mtimeMs: number;
  size: number;
  ino: number;
  digest: Digest;
}

/** Checks anchors against a work tree, hashing only files whose (mtime, size) changed. */
export interface AnchorChecker {
  /** Verdicts by observation id; `tree` undefined or absent here makes relative anchors unknown. */
  check(
    anchors: ReadonlyMap<number, readonly StoredAnchor[]>,
    tree: string | undefined,
  ): Map<number, AnchorVerdict>;
}

const MAX_CACHED_FILES = 200_000;
/** git processes one check may start to follow renames (each bounded by a timeout). */
const MAX_RENAME_LOOKUPS = 8;

const ORDER: readonly AnchorState[] = ['gone', 'changed', 'fresh', 'unknown'];

/** The worst state of an observation's files: gone, then changed, then fresh, else unknown. */
export function overallState(files: readonly FileVerdict[]): AnchorState {
  return ORDER.find((state) => files.some((file) => file.state === state)) ?? 'unknown';
}

/** Options of a checker: `onRead` sees each file it reads and hashes (tests, the bench). */
export interface CheckerOptions {
  onRead?: (path: string) => void;
}

/** Creates a checker with its own (path, mtime, size) -> digest cache. */
export function createAnchorChecker(options: CheckerOptions = {}): AnchorChecker {
  const cache = new Map<string, CacheEntry>();

  function digestAt(abs: string, stat: Stats): Digest {
    const hit = cache.get(abs);
    if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size && hit.ino === stat.ino)
      return hit.digest;
    options.onRead?.(abs);
    const digest = digestOf(readFileSync(abs));
    if (cache.size >= MAX_CACHED_FILES) cache.clear();
    cache.set(abs, { mtimeMs: stat.mtimeMs, size: stat.size, ino: stat.ino, digest });
    return digest;
  }

  function fileNow(abs: string): FileNow {
    try {
      const stat = statSync(abs, { throwIfNoEntry: false });
      if (!stat?.isFile()) return { kind: 'missing' };
      if (stat.size > MAX_ANCHOR_BYTES) return { kind: 'large' };
      return { kind: 'file', digest: digestAt(abs, stat) };
    } catch {
      return { kind: 'missing' };
    }
  }

  return {
    check(anchors, tree) {
      const treeHere =
        tree !== undefined && statSync(tree, { throwIfNoEntry: false })?.isDirectory();
      const renames = new Map<string, Map<string, string>>();
      // Keyed by the anchor's path: many anchors name one file, and join() is not free.
      const seen = new Map<string, FileNow>();
      const now = (path: string): FileNow => {
        let file = seen.get(path);
        if (!file)
          seen.set(path, (file = fileNow(isAbsolute(path) ? path : join(tree ?? '', path))));
        return file;
      };
      const movedTo = (anchor: StoredAnchor): string | undefined => {
        if (!treeHere || !tree || !anchor.commit || isAbsolute(anchor.path)) return undefined;
        let map = renames.get(anchor.commit);
        if (!map) {
          map = renames.size < MAX_RENAME_LOOKUPS ? renamesSince(tree, anchor.commit) : new Map();
          renames.set(anchor.commit, map);
        }
        return map.get(anchor.path);
      };
      const probe: Probe = { tree, treeHere, now, movedTo };
      const verdicts = new Map<number, AnchorVerdict>();
      for (const [id, list] of anchors) {
        const files = list.map((anchor) => checkOne(anchor, probe));
        verdicts.set(id, { state: overallState(files), files });
      }
      return verdicts;
    },
  };
}

interface Probe {
  tree: string | undefined;
  treeHere: boolean | undefined;
  /** The file at an anchor path (relative to the tree, or absolute) now. */
  now(path: string): FileNow;
  movedTo(anchor: StoredAnchor): string | undefined;
}

function compare(anchor: StoredAnchor, file: FileNow): AnchorState {
  if (anchor.kind === 'binary' || anchor.kind === 'large') return 'unknown';
  if (anchor.kind === 'missing') return file.kind === 'missing' ? 'fresh' : 'changed';
  if (file.kind === 'missing') return 'gone';
  if (file.kind === 'large' || anchor.kind === 'late')
    return file.kind === 'large' ? 'unknown' : 'changed';
  const hash = anchor.kind === 'git' ? file.digest.git : file.digest.sha256;
  return hash === anchor.hash ? 'fresh' : 'changed';
}

function verdictOf(anchor: StoredAnchor, file: FileNow, path: string): FileVerdict {
  const state = compare(anchor, file);
  const verdict: FileVerdict = { path, state };
  if (state === 'changed' && file.kind === 'file' && anchor.lines !== null)
    verdict.lineDelta = file.digest.lines - anchor.lines;
  return verdict;
}

function checkOne(anchor: StoredAnchor, probe: Probe): FileVerdict {
  if (!isAbsolute(anchor.path) && (!probe.treeHere || probe.tree === undefined))
    return { path: anchor.path, state: 'unknown' };
  const file = probe.now(anchor.path);
  if (file.kind !== 'missing' || anchor.kind === 'missing')
    return verdictOf(anchor, file, anchor.path);
  const moved = probe.movedTo(anchor);
  if (moved === undefined) return { path: anchor.path, state: 'gone' };
  const there = verdictOf(anchor, probe.now(moved), anchor.path);
  return { ...there, movedTo: moved };
}
