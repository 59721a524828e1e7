import { createAnchorChecker, makeAnchors, type AnchorVerdict } from '../../anchors/index.ts';
import { resolveProject, workTreeOf } from '../../config/index.ts';
import {
  anchorsOf,
  getObservations,
  projectRoot,
  writeAnchors,
  type Db,
} from '../../store/index.ts';

/** Anchor checks for recall: which tree to check against, and each observation's verdict. */
export interface AnchorRecall {
  /**
   * The work tree to check a project against: the tree `cwd` is in when it belongs to the
   * project (a linked worktree is checked as itself), else the project's recorded root.
   */
  treeOf(project: string | undefined, cwd?: string): string | undefined;
  /** Verdicts of these observations (grouped by project, each against its tree). */
  verdicts(
    items: ReadonlyArray<{ id: number; project: string }>,
    cwd?: string,
  ): Map<number, AnchorVerdict>;
  /** Re-anchors an observation to its files as they are now; false when there is no such id. */
  accept(id: number, cwd: string | undefined, at: number): boolean;
}

/** Creates the worker's anchor checks, with one (path, mtime, size) cache for all requests. */
export function createAnchorRecall(db: Db): AnchorRecall {
  const checker = createAnchorChecker();
  const treeOf = (project: string | undefined, cwd?: string): string | undefined => {
    const root = project === undefined ? undefined : projectRoot(db, project);
    const top = cwd === undefined ? undefined : workTreeOf(cwd);
    if (
      cwd !== undefined &&
      top !== undefined &&
      (root === undefined || resolveProject(cwd).root === root)
    )
      return top;
    return root;
  };
  return {
    treeOf,
    verdicts(items, cwd) {
      const byProject = new Map<string, number[]>();
      for (const item of items)
        byProject.set(item.project, [...(byProject.get(item.project) ?? []), item.id]);
      const verdicts = new Map<number, AnchorVerdict>();
      for (const [project, ids] of byProject) {
        const anchors = anchorsOf(db, ids);
        // Finding the tree stats the disk and reads the project's root: not for nothing.
        if (anchors.size === 0) continue;
        for (const [id, verdict] of checker.check(anchors, treeOf(project, cwd)))
          verdicts.set(id, verdict);
      }
      return verdicts;
    },
    accept(id, cwd, at) {
      const [record] = getObservations(db, [id]);
      if (!record) return false;
      const tree = treeOf(record.project, cwd);
      const existing = anchorsOf(db, [id]);
      // Anchored paths are the tree's; a file git saw renamed is anchored under its new name.
      const now = checker.check(existing, tree).get(id)?.files ?? [];
      const files =
        now.length > 0
          ? now.map((file) => file.movedTo ?? file.path)
          : [...record.files_modified, ...record.files_read];
      const origin = { cwd: tree ?? cwd ?? '/', projectRoot: tree ?? '/', turnEnd: Infinity };
      db.transaction(() => writeAnchors(db, id, makeAnchors(files, origin), at)).immediate();
      return true;
    },
  };
}
